// SPDX-License-Identifier: MIT
// What a JavaScript PO reader of translation platforms reads in each
// PO file: gettext-parser (Weblate-style tools, i18next) or pofile
// (angular-gettext), both from npm, installed into tests/npm by
// .ci/setup.  Prints, per file, "file PATH", the header's fields with a
// value ("header KEY: VALUE", sorted) and one line per message, sorted:
// a JSON array [msgctxt, msgid, msgstr, flags, extracted comment,
// references], for tests/run-potools.sh to compare with its own reading.
//
// usage: node tests/tools/poparse.mjs gettext-parser|pofile FILE...
//        node tests/tools/poparse.mjs --each PREFIX FILE...
// --each: both readers in one run (node's start once), each one's
// output into PREFIXREADER.dump.raw and what it throws, if it does,
// into PREFIXREADER.err (made empty first).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const npm = new URL('../npm/', import.meta.url);
if (!existsSync(new URL('node_modules/', npm))) {
	console.error('poparse: tests/npm/node_modules is missing: run ' +
	    'sh .ci/setup (it runs npm ci --prefix tests/npm)');
	process.exit(2);
}
const require = createRequire(new URL('package.json', npm));

function headers(h) {
	return Object.keys(h).filter((k) => h[k] !== '').sort()
	    .map((k) => 'header ' + k + ': ' + h[k]);
}

function lines(msgs) {
	return msgs.map((m) => JSON.stringify(m)).sort();
}

async function gettextParser(text) {
	const { po } = await import(pathToFileURL(
	    require.resolve('gettext-parser')));
	const d = po.parse(text);
	const msgs = [];
	for (const ctxt of Object.keys(d.translations))
		for (const id of Object.keys(d.translations[ctxt])) {
			const m = d.translations[ctxt][id];
			const c = m.comments || {};
			if (ctxt === '' && id === '')
				continue;	// the header
			msgs.push([m.msgctxt ?? null, m.msgid, m.msgstr[0],
			    (c.flag || '').split(',').map((f) => f.trim())
			    .filter((f) => f).sort(), c.extracted || '',
			    (c.reference || '').split(/\s+/)
			    .filter((r) => r)]);
		}
	return headers(d.headers).concat(lines(msgs));
}

function pofile(text) {
	const PO = require('pofile');
	const p = PO.parse(text);
	const msgs = p.items.filter((m) => !m.obsolete).map((m) => [
	    m.msgctxt ?? null, m.msgid, m.msgstr[0] ?? '',
	    Object.keys(m.flags).filter((f) => m.flags[f]).sort(),
	    m.extractedComments.join('\n'), m.references]);
	return headers(p.headers).concat(lines(msgs));
}

// read(which, files): what reader which reads in files, one line each.
async function read(which, files) {
	const lines = [];
	for (const f of files) {
		const text = readFileSync(f, 'utf8');
		const out = which === 'pofile' ? pofile(text) :
		    await gettextParser(text);
		lines.push('file ' + f, ...out);
	}
	return lines;
}

const args = process.argv.slice(2);
if (args[0] === '--each' && args.length > 2) {
	const [, prefix, ...files] = args;
	for (const which of ['gettext-parser', 'pofile']) {
		writeFileSync(prefix + which + '.err', '');
		let lines = [];
		try {
			lines = await read(which, files);
		} catch (e) {
			writeFileSync(prefix + which + '.err', String(e.stack) +
			    '\n');
		}
		writeFileSync(prefix + which + '.dump.raw',
		    lines.map((l) => l + '\n').join(''));
	}
} else {
	const [which, ...files] = args;
	if (which !== 'gettext-parser' && which !== 'pofile' ||
	    files.length === 0) {
		console.error('usage: node poparse.mjs gettext-parser|pofile ' +
		    'FILE...\n       node poparse.mjs --each PREFIX FILE...');
		process.exit(2);
	}
	for (const l of await read(which, files))
		console.log(l);
}

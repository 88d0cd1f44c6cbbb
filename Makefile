# deckpress: YAML card games to print-ready PDFs.  GNU make.

PKGS       = cairo cairo-pdf pangocairo pangoft2 fontconfig freetype2 yaml-0.1 \
             libcmark-gfm libpng libjpeg lcms2 \
             json-glib-1.0 zlib libdeflate
# Not linked but loaded when first needed (src/dynlib.c), by the soname
# of the library each package links, read here (Debian 12 and 13 differ):
# most runs draw no SVG and finish no PDF with libqpdf, and the two cost
# every run two fifths of its start-up relocations.  Headers used as before.
# libxml2 (with ICU, libstdc++) and gdk-pixbuf: only to scan an SVG.
# libmicrohttpd (watch --serve's HTTP server, GnuTLS with it) likewise.
# libgettextpo (and its libunistring): only to read or write a PO file.
DL_PKGS    = librsvg-2.0 libqpdf libxml-2.0 gdk-pixbuf-2.0 libmicrohttpd
PKG_CFLAGS != pkg-config --cflags $(PKGS) $(DL_PKGS)
PKG_LIBS   != pkg-config --libs $(PKGS)
soname      = $(shell objdump -p "$$(pkg-config --variable=libdir $(1))/lib$$( \
              pkg-config --libs-only-l $(1) | sed 's/^-l\([^ ]*\).*/\1/').so" \
              2>/dev/null | awk '$$1 == "SONAME" { print $$2 }')
RSVG_SONAME := $(call soname,librsvg-2.0)
QPDF_SONAME := $(call soname,libqpdf)
XML_SONAME  := $(call soname,libxml-2.0)
PIXBUF_SONAME := $(call soname,gdk-pixbuf-2.0)
MHD_SONAME  := $(call soname,libmicrohttpd)
# libgettextpo has no pkg-config file: the compiler finds it.
GPO_SONAME  := $(shell objdump -p "$$($(CC) -print-file-name=libgettextpo.so)" \
              2>/dev/null | awk '$$1 == "SONAME" { print $$2 }')
DL_CFLAGS   = -DRSVG_SONAME='"$(RSVG_SONAME)"' -DQPDF_SONAME='"$(QPDF_SONAME)"' \
              -DXML_SONAME='"$(XML_SONAME)"' -DPIXBUF_SONAME='"$(PIXBUF_SONAME)"' \
              -DMHD_SONAME='"$(MHD_SONAME)"' -DGPO_SONAME='"$(GPO_SONAME)"'
DL_SONAMES  = $(RSVG_SONAME) $(QPDF_SONAME) $(XML_SONAME) $(PIXBUF_SONAME) \
              $(MHD_SONAME) $(GPO_SONAME)
# dlopen is in the C library from glibc 2.34 on (and in musl's).
DL_LIBS    != getconf GNU_LIBC_VERSION 2>/dev/null | \
              awk '{ split($$2, v, "."); if (v[1] == 2 && v[2] < 34) print "-ldl" }'
# What the tools drawing SVG themselves link (the floor, svgtime).
RSVG_LIBS  != pkg-config --libs librsvg-2.0
CMOCKA_LIBS != pkg-config --libs cmocka 2>/dev/null || echo -lcmocka

CFLAGS    ?= -O2 -g
WARN       = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
             -Wmissing-prototypes -Wwrite-strings -Wvla -Wformat=2
REQ_CFLAGS = $(WARN) -D_XOPEN_SOURCE=700 $(PKG_CFLAGS) $(DL_CFLAGS) $(SAN) \
             $(WERROR)
LDLIBS     = $(PKG_LIBS) -lcmark-gfm-extensions -lcmark-gfm -lhyphen -lcsv \
             -lm $(DL_LIBS)

OBJDIR = out/obj
SRCS   = src/util.c src/memfile.c src/outfile.c src/outguard.c src/diag.c \
         src/progress.c src/model.c src/hexagon.c src/dynlib.c \
         src/confine/confine.c src/confine/gfile.c src/confine/journal.c \
         src/ytree/ytree.c src/ytree/yget.c src/ytree/yslip.c \
         src/ytree/yalias.c \
         src/art/art.c src/art/bounds.c src/art/lazy.c src/art/svgscan.c \
         src/art/svgscandl.c \
         src/art/svgcost.c src/art/svgweigh.c src/art/svgvalue.c \
         src/art/svgtile.c src/art/svgpart.c src/art/rpart.c \
         src/art/resample.c src/art/jpeg.c src/art/pngread.c src/art/icc.c \
         src/art/rsvgdl.c \
         src/net/net.c \
         src/tmpl/tmpl.c src/tmpl/tvalue.c src/tmpl/shapes.c \
         src/tmpl/pathd.c src/tmpl/tfont.c src/tmpl/sheet.c src/tmpl/icons.c \
         src/tmpl/compose.c src/tmpl/tstyle.c src/tmpl/tcolor.c \
         src/tmpl/expr.c src/tmpl/tdyn.c src/tmpl/trepeat.c src/tmpl/twhen.c \
         src/tmpl/telem.c src/tmpl/timage.c src/tmpl/tnet.c \
         src/markup/markup.c src/markup/mtags.c src/markup/mcheck.c \
         src/load/deck.c src/load/texts.c src/load/typo.c src/load/langtag.c \
         src/load/cardtitle.c src/load/bind.c src/load/fieldcheck.c \
         src/load/imgpart.c src/load/netsize.c \
         src/layout/fonts.c src/layout/gamefont.c src/layout/fit.c \
         src/layout/widths.c src/layout/sized.c \
         src/layout/layout.c \
         src/layout/inline.c \
         src/layout/hyph.c \
         src/layout/cover.c src/layout/show.c \
         src/render/card.c src/render/element.c src/render/image.c \
         src/render/shape.c \
         src/render/reuse.c \
         src/impose/grid.c src/impose/round.c src/impose/tile.c \
         src/impose/marks.c src/impose/duplex.c src/impose/plan.c \
         src/impose/bands.c src/impose/calpage.c src/impose/place.c \
         src/impose/sprue.c src/impose/netmarks.c \
         src/print/print.c \
         src/job/setup.c src/job/job.c src/job/printer.c \
         src/doc/cardsheets.c src/doc/rulebook.c \
         src/doc/packtext.c src/doc/packflow.c src/doc/packpdf.c \
         src/export/faces.c src/export/kinds.c src/export/boxes.c \
         src/export/raster.c src/export/showcase.c \
         src/export/contact.c src/export/csv.c src/export/pod.c \
         src/export/tts.c src/export/ttsjson.c src/export/ttsobj.c \
         src/run/pool.c src/run/batch.c src/run/watchloop.c \
         src/pdf/pdfout.c src/pdf/finish.c src/pdf/png.c src/pdf/xdict.c \
         src/pdf/tagtree.c src/pdf/spans.c src/pdf/artifact.c \
         src/pdf/uaclaim.c \
         src/pdf/qpdfdl.c \
         src/validate/rules.c src/validate/composition.c \
         src/validate/translate.c src/validate/refs.c \
         src/validate/report.c src/validate/pdfsize.c \
         src/textfile/textfile.c src/textfile/oldfile.c \
         src/booklet/md.c src/booklet/mdinline.c src/booklet/flow.c \
         src/booklet/draw.c src/booklet/bcheck.c src/booklet/links.c \
         src/booklet/saddle.c src/booklet/linetab.c \
         src/import/fromcsv.c src/import/imported.c src/import/cardlist.c \
         src/import/handedit.c src/import/csvread.c \
         src/import/jwrite.c src/import/apply.c \
         src/pofile/pomsgs.c src/pofile/powrite.c src/pofile/poread.c \
         src/pofile/poapply.c src/pofile/plural.c src/pofile/gpodl.c \
         src/scaffold/scaffold.c src/scaffold/samples.c \
         src/serve/serve.c src/serve/server.c src/serve/facecache.c \
         src/serve/state.c src/serve/mhddl.c
MAIN   = src/main.c src/cmd/common.c src/cmd/printopt.c \
         src/cmd/cards.c \
         src/cmd/all.c \
         src/cmd/check.c src/cmd/strings.c src/cmd/booklet.c src/cmd/pack.c \
         src/cmd/calibrate.c src/cmd/import.c \
         src/cmd/preview.c src/cmd/export.c \
         src/cmd/watch.c src/cmd/new.c
OBJS   = $(SRCS:%.c=$(OBJDIR)/%.o) $(OBJDIR)/src/serve/assets.o
HDRS   = $(wildcard src/*.h src/*/*.h)

UNIT   = $(patsubst tests/unit/%.c,out/test/%,$(wildcard tests/unit/test_*.c))

all: deckpress

deckpress: $(OBJS) $(MAIN:%.c=$(OBJDIR)/%.o)
	$(CC) $(CFLAGS) $(SAN) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(OBJDIR)/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(REQ_CFLAGS) -c -o $@ $<

# watch --serve's page: its files made into C arrays serve_page_html[]
# and the others, with their lengths (od and awk: no xxd in a minimal
# Debian), so that the binary serves them with no file read.
ASSETS = src/serve/page.html src/serve/page.css src/serve/page.js
$(OBJDIR)/src/serve/assets.c: $(ASSETS)
	@mkdir -p $(dir $@)
	for f in $(ASSETS); do \
	    n=serve_$$(basename "$$f" | tr . _); \
	    printf 'const unsigned char %s[] = {\n' "$$n"; \
	    od -An -v -tu1 "$$f" | awk '{ for (i = 1; i <= NF; i++) \
		printf "%s,", $$i; print "" }'; \
	    printf '0 };\nconst unsigned long %s_len = %s;\n' "$$n" \
		"$$(wc -c <"$$f" | tr -d ' ')"; \
	done >$@.tmp && mv $@.tmp $@
$(OBJDIR)/src/serve/assets.o: $(OBJDIR)/src/serve/assets.c
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN) -c -o $@ $<

# The data folder is compiled into job/setup.c alone, which is rebuilt
# whenever PREFIX differs from the last build's: "make install
# PREFIX=/opt/dp" after "make" then installs a binary that looks in
# /opt/dp/share/deckpress.  The stamp is rewritten only on a change.
PREFIX ?= /usr/local
DATADIR_STAMP = $(OBJDIR)/datadir
$(DATADIR_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(PREFIX)/share/deckpress' | cmp -s - $@ || \
	    echo '$(PREFIX)/share/deckpress' >$@
$(OBJDIR)/src/job/setup.o: src/job/setup.c $(HDRS) $(DATADIR_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(REQ_CFLAGS) \
	    -DDATADIR='"$(PREFIX)/share/deckpress"' -c -o $@ $<

out/test/%: tests/unit/%.c tests/unit/unit.h $(OBJS) $(HDRS)
	@mkdir -p out/test
	$(CC) $(CPPFLAGS) $(CFLAGS) $(REQ_CFLAGS) $(LDFLAGS) -o $@ $< $(OBJS) \
	    $(LDLIBS) $(CMOCKA_LIBS)

out/test/measure: tests/tools/measure.c
	@mkdir -p out/test
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -D_XOPEN_SOURCE=700 $(LDFLAGS) \
	    -o $@ $< -lm

out/test/assemble out/test/hexfit: out/test/%: tests/tools/%.c
	@mkdir -p out/test
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -D_XOPEN_SOURCE=700 $(LDFLAGS) \
	    -o $@ $< -lm

out/test/artgen out/test/iccgen: tests/tools/patches.h
out/test/measure out/test/hexfit out/test/assemble: tests/tools/ppm.h
out/test/pngsize out/test/pngdiff out/test/artgen out/test/noiseart \
    out/test/iccgen out/test/spritegen: out/test/%: tests/tools/%.c
	@mkdir -p out/test
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -D_XOPEN_SOURCE=700 $(PKG_CFLAGS) \
	    $(LDFLAGS) -o $@ $< $(PKG_LIBS)

# The floor of make bench (issue 13): plain Cairo and Pango drawing what
# "deckpress export --boxes" lists, with deckpress's own flags and libraries.
out/test/floor: tests/bench/floor.c tests/bench/floortsv.c tests/bench/floor.h
	@mkdir -p out/test
	$(CC) $(CPPFLAGS) $(CFLAGS) $(REQ_CFLAGS) $(LDFLAGS) -o $@ \
	    tests/bench/floor.c tests/bench/floortsv.c $(PKG_LIBS) $(RSVG_LIBS) -lm

out/test/textcheck: tests/tools/textcheck.c $(OBJS) $(HDRS)
	@mkdir -p out/test
	$(CC) $(CPPFLAGS) $(CFLAGS) $(REQ_CFLAGS) $(LDFLAGS) -o $@ $< $(OBJS) \
	    $(LDLIBS)

# The SVG filter cost model's calibration (tests/tools/svgcalib.py).
out/test/svgtime: tests/tools/svgtime.c $(OBJS) $(HDRS)
	@mkdir -p out/test
	$(CC) $(CPPFLAGS) $(CFLAGS) $(REQ_CFLAGS) $(LDFLAGS) -o $@ $< $(OBJS) \
	    $(LDLIBS) $(RSVG_LIBS)

out/test/hyphcheck: tests/tools/hyphcheck.c $(OBJS) $(HDRS)
	@mkdir -p out/test
	$(CC) $(CPPFLAGS) $(CFLAGS) $(REQ_CFLAGS) $(LDFLAGS) -o $@ $< $(OBJS) \
	    $(LDLIBS)

# Render every bundled game into out/: the facilitator's one command.
render: deckpress
	./deckpress all

# make test builds what the tests run, as many at a time as there are
# CPUs unless make was given its own -j; tests/run-all.sh then runs the
# unit programs and the suites, JOBS (default: the CPUs + 1) at a time;
# with FEATURE=WORD only those whose covers line names WORD, a keyword
# of tests/README.md ("make test FEATURE=duplex").
TESTBIN = deckpress $(UNIT) out/test/measure out/test/hexfit \
          out/test/textcheck \
          out/test/hyphcheck out/test/assemble out/test/pngsize \
          out/test/pngdiff out/test/artgen out/test/noiseart out/test/iccgen \
          out/test/floor out/test/svgtime out/test/spritegen
NPROC  != nproc 2>/dev/null || echo 1
test:
	$(MAKE) $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC)) $(TESTBIN)
	LC_ALL=C sh tests/run-all.sh $(FEATURE) $(UNIT)

bench: deckpress out/test/floor out/test/noiseart out/test/spritegen
	sh tests/bench.sh

# The tests again on a build with AddressSanitizer and UBSan, leak
# detection on; tests/lsan.supp holds the leaks inside system libraries
# that cannot be freed, each with its reason.
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
           -fno-sanitize-recover=all
check:
	$(MAKE) clean
	ASAN_OPTIONS=detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	    $(MAKE) SAN="$(SANFLAGS)" test
	$(MAKE) clean

lint:
	mandoc -Tlint -Wwarning src/deckpress.1 src/deckpress.5

SHARE    = $(DESTDIR)$(PREFIX)/share/deckpress
install: deckpress
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/man/man5 $(SHARE)
	install -m 755 deckpress $(DESTDIR)$(PREFIX)/bin/deckpress
	install -m 644 src/deckpress.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 src/deckpress.5 $(DESTDIR)$(PREFIX)/share/man/man5/
	cp -R fonts layouts cards $(SHARE)/

# make deb: a Debian package, out/deckpress_VERSION_ARCH.deb -- the
# binary (stripped, its data folder /usr/share/deckpress), the manual
# pages, the fonts, layouts and the bundled games as examples -- from
# an install staged in out/deb/root; its control data is src/deb/, its
# dependencies those dpkg-shlibdeps finds in the binary and in a program
# calling what it calls of the libraries it loads when needed (librsvg,
# libqpdf, libxml2, gdk-pixbuf, libmicrohttpd: their versions are those
# these functions need).  The binary is
# built for PREFIX=/usr: run it in a copy of the tree (tests/run-deb.sh
# does), or "make" again after it for a binary of PREFIX=/usr/local.
DEB_VERSION != sed -n 's/^\#define VERSION[^"]*"\(.*\)"/\1/p' src/cmd/cmd.h
DEB_ARCH    != dpkg --print-architecture 2>/dev/null || echo amd64
DEB_ROOT     = out/deb/root
DEB_DOC      = $(DEB_ROOT)/usr/share/doc/deckpress
DEB          = out/deckpress_$(DEB_VERSION)_$(DEB_ARCH).deb
# xz's level, 0 to 9; empty, dpkg-deb's own (6).  tests/run-deb.sh makes
# its package with 0: xz still, a quarter of the CPU time.
DEB_XZ_LEVEL =
deb:
	rm -rf out/deb $(DEB)
	$(MAKE) PREFIX=/usr install DESTDIR=$(CURDIR)/$(DEB_ROOT)
	strip --remove-section=.comment --remove-section=.note \
	    --strip-unneeded $(DEB_ROOT)/usr/bin/deckpress
	gzip -9n $(DEB_ROOT)/usr/share/man/man1/deckpress.1 \
	    $(DEB_ROOT)/usr/share/man/man5/deckpress.5
	mkdir -p $(DEB_DOC) out/deb/debian $(DEB_ROOT)/DEBIAN
	cp src/deb/copyright $(DEB_DOC)/copyright
	sed 's/@VERSION@/$(DEB_VERSION)/' src/deb/changelog | gzip -9n \
	    >$(DEB_DOC)/changelog.gz
	chmod -R u+rwX,go=rX $(DEB_ROOT)
	printf 'Source: deckpress\n\nPackage: deckpress\nArchitecture: any\n' \
	    >out/deb/debian/control
	printf '%s\n' '#define DYNLIB_LISTS_ONLY' '#include "art/rsvgdl.h"' \
	    '#include "pdf/qpdfdl.h"' '#include "art/svgscandl.h"' \
	    '#include "serve/mhddl.h"' '#include "pofile/gpodl.h"' \
	    '#define USED(f) (void (*)(void))f,' \
	    'static void (*const used[])(void) = { RSVGDL_FUNCS(USED)' \
	    '    QPDFDL_FUNCS(USED) XMLDL_FUNCS(USED) PIXBUFDL_FUNCS(USED)' \
	    '    MHDDL_FUNCS(USED) GPODL_FUNCS(USED) };' \
	    'int main(void) { return used[0] == 0; }' >out/deb/dlused.c
	$(CC) $(PKG_CFLAGS) -Isrc -o out/deb/dlused out/deb/dlused.c \
	    -Wl,--no-as-needed $(DL_SONAMES:%=-l:%)
	cd out/deb && dpkg-shlibdeps -O root/usr/bin/deckpress dlused \
	    >shlibs.txt 2>shlibs.err || { cat shlibs.err; exit 1; }
	sed -e 's/@VERSION@/$(DEB_VERSION)/' -e 's/@ARCH@/$(DEB_ARCH)/' \
	    -e "s/@SIZE@/$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)/" \
	    -e "s/@DEPENDS@/$$(sed -n 's/^shlibs:Depends=//p' out/deb/shlibs.txt)/" \
	    src/deb/control >$(DEB_ROOT)/DEBIAN/control
	cd $(DEB_ROOT) && find usr -type f | sort | xargs md5sum \
	    >DEBIAN/md5sums
	dpkg-deb --root-owner-group -Zxz $(DEB_XZ_LEVEL:%=-z%) --build $(DEB_ROOT) $(DEB)

clean:
	rm -rf out/obj out/test deckpress

.PHONY: all render test bench check lint install deb clean FORCE

# --- Fuzzing (issue 12) --------------------------------------------------
# make fuzz [FUZZ_SECONDS=N] [FUZZ_TARGETS="deck csv ..."]: build the
# libFuzzer targets of tests/fuzz/ (clang, with AddressSanitizer, UBSan
# and leak detection; objects in out/fuzz/obj, apart from out/obj), seed
# each corpus out/fuzz/corpus/TARGET from cards/, layouts/ and tests/,
# and run the targets one after the other, FUZZ_SECONDS each; prints
# executions and findings per target, findings in out/fuzz/findings/.
# make fuzz-build builds them only.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= deck text rules layout sheet profile csv markup markdown \
                image svgdraw fit expr
FUZZ_CC     ?= clang
FUZZ_DIR     = out/fuzz
FUZZ_SAN     = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
               -fno-omit-frame-pointer
# The loaders and-assign bools with '&' on purpose, so that every check
# runs and reports: clang's warning about it is off.
FUZZ_CFLAGS  = -O1 -g $(FUZZ_SAN) $(WARN) -Wno-bitwise-instead-of-logical \
               -D_XOPEN_SOURCE=700 $(PKG_CFLAGS) $(DL_CFLAGS) \
               -DDATADIR='"$(PREFIX)/share/deckpress"'
FUZZ_OBJS    = $(SRCS:%.c=$(FUZZ_DIR)/obj/%.o) \
               $(FUZZ_DIR)/obj/src/serve/assets.o \
               $(FUZZ_DIR)/obj/tests/fuzz/common.o
FUZZ_BINS    = $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)

$(FUZZ_DIR)/obj/%.o: %.c $(HDRS) tests/fuzz/fuzz.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -fsanitize=fuzzer-no-link $(CPPFLAGS) $(FUZZ_CFLAGS) \
	    $(WERROR) -c -o $@ $<

# The page's data, generated as the binary's is (no .c in src/).
$(FUZZ_DIR)/obj/src/serve/assets.o: $(OBJDIR)/src/serve/assets.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(WERROR) -c -o $@ $<

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJS)
	$(FUZZ_CC) -fsanitize=fuzzer $(CPPFLAGS) $(FUZZ_CFLAGS) $(WERROR) \
	    $(LDFLAGS) -o $@ $< $(FUZZ_OBJS) $(LDLIBS)

fuzz-build: $(FUZZ_BINS)

fuzz: fuzz-build
	sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

.PHONY: fuzz fuzz-build

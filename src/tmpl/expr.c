/* SPDX-License-Identifier: MIT */
/*
 * A layout's expressions, parsed and evaluated in one pass by recursive
 * descent: "{col} * 12.5 + 3", "({hearts} - 1) * 4mm + 0.5in",
 * "{kind} == action and not {hearts} < 3".  Values carry a dimension
 * (a number, a length in pt, text, true or false) so that 2in * 3in is
 * refused; a value not known until a card is (EV_UNKNOWN) passes
 * through every operator.  Part of the template stage; pure.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

const char tmpl_expr_unknown[] = "";

struct parser {
	const char		*s;
	size_t			 i, len;
	const struct eenv	*env;
	struct eerr		*err;
	int			 depth;
	int			 quiet;	/* > 0: a side and/or skip; its value
					   errors make it unknown, not fail */
};

enum cmp { CMP_NONE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };

static bool	parse_or(struct parser *p, struct evalue *v);

static bool	vfail(struct parser *p, enum eerrcode code, size_t at,
		    const char *fmt, va_list ap)
		    __attribute__((format(printf, 4, 0)));
static bool	fail(struct parser *p, enum eerrcode code, size_t at,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static bool	fail_value(struct parser *p, struct evalue *v,
		    enum eerrcode code, size_t at, const char *fmt, ...)
		    __attribute__((format(printf, 5, 6)));

static bool
vfail(struct parser *p, enum eerrcode code, size_t at, const char *fmt,
    va_list ap)
{
	p->err->code = code;
	p->err->at = at;
	vsnprintf(p->err->msg, sizeof(p->err->msg), fmt, ap);
	return false;
}

/* A syntax error or a limit: always fatal. */
static bool
fail(struct parser *p, enum eerrcode code, size_t at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(p, code, at, fmt, ap);
	va_end(ap);
	return false;
}

/* A value's error (a name, a zero, a type): unknown on a skipped side. */
static bool
fail_value(struct parser *p, struct evalue *v, enum eerrcode code, size_t at,
    const char *fmt, ...)
{
	va_list ap;

	if (p->quiet > 0) {
		v->kind = EV_UNKNOWN;
		return true;
	}
	va_start(ap, fmt);
	vfail(p, code, at, fmt, ap);
	va_end(ap);
	return false;
}

static void
skip_space(struct parser *p)
{
	while (p->i < p->len && isspace((unsigned char)p->s[p->i]))
		p->i++;
}

static bool
word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The keyword kw at the parser's place, as a whole word: consumed. */
static bool
keyword(struct parser *p, const char *kw)
{
	size_t n = strlen(kw);

	skip_space(p);
	if (p->len - p->i < n || strncmp(p->s + p->i, kw, n) != 0 ||
	    (p->i + n < p->len && word_char(p->s[p->i + n])))
		return false;
	p->i += n;
	return true;
}

/* pt per unit, or 0 if the n bytes at u name no unit. */
static double
unit_pt(const char *u, size_t n, double dpi)
{
	if (n != 2)
		return 0;
	if (strncmp(u, "mm", 2) == 0)
		return 72 / 25.4;
	if (strncmp(u, "cm", 2) == 0)
		return 720 / 25.4;
	if (strncmp(u, "in", 2) == 0)
		return 72;
	if (strncmp(u, "pt", 2) == 0)
		return 1;
	if (strncmp(u, "px", 2) == 0)
		return dpi > 0 ? 72 / dpi : 0;
	return 0;
}

/*
 * A number at s[*i..len) (digits, a point, an exponent), then an
 * optional unit: a NUM or a LEN.  False if there is no number there.
 */
static bool
scan_number(const char *s, size_t *i, size_t len, double dpi,
    struct evalue *v)
{
	size_t j = *i, k, u;
	char buf[64];
	double f;

	while (j < len && isdigit((unsigned char)s[j]))
		j++;
	if (j < len && s[j] == '.')
		for (j++; j < len && isdigit((unsigned char)s[j]); j++)
			;
	if (j == *i || (j == *i + 1 && s[*i] == '.'))
		return false;
	if (j < len && (s[j] == 'e' || s[j] == 'E')) {
		k = j + 1;
		if (k < len && (s[k] == '+' || s[k] == '-'))
			k++;
		if (k < len && isdigit((unsigned char)s[k])) {
			for (j = k; j < len && isdigit((unsigned char)s[j]); )
				j++;
		}
	}
	if (j - *i >= sizeof(buf))
		return false;
	memcpy(buf, s + *i, j - *i);
	buf[j - *i] = '\0';
	f = strtod(buf, NULL);
	if (!isfinite(f))
		return false;
	v->kind = EV_NUM;
	v->v = f;
	/* A unit: right after it, or after spaces ("2.5 in"). */
	for (k = j; k < len && s[k] == ' '; k++)
		;
	for (u = k; u < len && isalpha((unsigned char)s[u]); u++)
		;
	if (u > k && (u == len || !word_char(s[u])) &&
	    unit_pt(s + k, u - k, dpi) > 0) {
		v->kind = EV_LEN;
		v->v = f * unit_pt(s + k, u - k, dpi);
		j = u;
	}
	*i = j;
	return true;
}

/* A value of text read as a number: "3", "2.5in"; false if it is not. */
static bool
text_number(const char *s, size_t n, double dpi, struct evalue *v)
{
	size_t i = 0, a = 0;

	while (a < n && isspace((unsigned char)s[a]))
		a++;
	i = a;
	if (i < n && (s[i] == '-' || s[i] == '+'))
		i++;
	if (!scan_number(s, &i, n, dpi, v))
		return false;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	if (i != n)
		return false;
	if (s[a] == '-')
		v->v = -v->v;
	return true;
}

/* Make v a number or a length, as arithmetic needs: else an error. */
static bool
need_number(struct parser *p, struct evalue *v)
{
	struct evalue t = *v;

	if (v->kind == EV_NUM || v->kind == EV_LEN || v->kind == EV_UNKNOWN)
		return true;
	if (v->kind == EV_STR && text_number(v->s, v->n, p->env->dpi, &t)) {
		v->kind = t.kind;
		v->v = t.v;
		return true;
	}
	if (v->kind == EV_BOOL)
		return fail_value(p, v, EXPR_TYPE, v->at, "'%.*s' is a "
		    "condition, not a number", (int)(v->end - v->at),
		    p->s + v->at);
	if (v->end - v->at == v->n && strncmp(p->s + v->at, v->s, v->n) == 0)
		return fail_value(p, v, EXPR_TYPE, v->at, "'%.*s' is not a "
		    "number", (int)v->n, v->s);
	return fail_value(p, v, EXPR_TYPE, v->at, "%.*s is '%.*s', not a "
	    "number", (int)(v->end - v->at), p->s + v->at, (int)v->n, v->s);
}

/* {name}: its value as text, or unknown. */
static bool
parse_ref(struct parser *p, struct evalue *v)
{
	size_t a = p->i, b;
	char name[EXPR_MAX_NAME + 1];
	const char *val;

	for (b = a + 1; b < p->len && p->s[b] != '}'; b++)
		if (!word_char(p->s[b]) && p->s[b] != '-' && p->s[b] != '.')
			return fail(p, EXPR_SYNTAX, b, "'%c' in a {name}",
			    p->s[b]);
	if (b == p->len)
		return fail(p, EXPR_SYNTAX, a, "a '{' with no '}'");
	if (b == a + 1 || b - a - 1 > EXPR_MAX_NAME)
		return fail(p, EXPR_SYNTAX, a, "a {name} of 1 to %d "
		    "characters", EXPR_MAX_NAME);
	memcpy(name, p->s + a + 1, b - a - 1);
	name[b - a - 1] = '\0';
	p->i = b + 1;
	v->at = a;
	v->end = p->i;
	val = p->env->get != NULL ? p->env->get(p->env->ctx, name) : NULL;
	if (val == tmpl_expr_unknown) {
		v->kind = EV_UNKNOWN;
		return true;
	}
	if (val == NULL)
		return fail_value(p, v, EXPR_NAME, a, "{%s} names nothing",
		    name);
	v->kind = EV_STR;
	v->s = val;
	v->n = strlen(val);
	return true;
}

/* 'text' or "text", no escapes. */
static bool
parse_quoted(struct parser *p, struct evalue *v)
{
	char q = p->s[p->i];
	const char *end = memchr(p->s + p->i + 1, q, p->len - p->i - 1);

	if (end == NULL)
		return fail(p, EXPR_SYNTAX, p->i, "a quote with no end");
	v->kind = EV_STR;
	v->s = p->s + p->i + 1;
	v->n = (size_t)(end - v->s);
	v->at = p->i;
	p->i = (size_t)(end - p->s) + 1;
	v->end = p->i;
	return true;
}

static bool
parse_atom(struct parser *p, struct evalue *v)
{
	size_t a;
	char c;

	skip_space(p);
	a = p->i;
	if (p->i == p->len)
		return fail(p, EXPR_SYNTAX, a, "a value is missing at the end");
	c = p->s[p->i];
	memset(v, 0, sizeof(*v));
	v->at = a;
	if (c == '(') {
		if (++p->depth > EXPR_MAX_DEPTH)
			return fail(p, EXPR_LIMIT, a, "nested more than %d "
			    "deep", EXPR_MAX_DEPTH);
		p->i++;
		if (!parse_or(p, v))
			return false;
		skip_space(p);
		if (p->i == p->len || p->s[p->i] != ')')
			return fail(p, EXPR_SYNTAX, p->i, "a '(' with no ')'");
		p->i++;
		p->depth--;
		v->at = a;
		v->end = p->i;
		return true;
	}
	if (c == '{')
		return parse_ref(p, v);
	if (c == '"' || c == '\'')
		return parse_quoted(p, v);
	if (isdigit((unsigned char)c) || c == '.') {
		if (!scan_number(p->s, &p->i, p->len, p->env->dpi, v))
			return fail(p, EXPR_SYNTAX, a, "a number is not "
			    "written like that");
		v->end = p->i;
		return true;
	}
	if (isalpha((unsigned char)c) || c == '_') {
		while (p->i < p->len && word_char(p->s[p->i]))
			p->i++;
		v->kind = EV_STR;
		v->s = p->s + a;
		v->n = p->i - a;
		v->end = p->i;
		return true;
	}
	return fail(p, EXPR_SYNTAX, a, "'%c' is not part of an expression",
	    c);
}

static bool
parse_unary(struct parser *p, struct evalue *v)
{
	size_t a;
	char c;

	skip_space(p);
	a = p->i;
	c = p->i < p->len ? p->s[p->i] : '\0';
	if (c != '-' && c != '+')
		return parse_atom(p, v);
	if (++p->depth > EXPR_MAX_DEPTH)
		return fail(p, EXPR_LIMIT, a, "nested more than %d deep",
		    EXPR_MAX_DEPTH);
	p->i++;
	if (!parse_unary(p, v) || !need_number(p, v))
		return false;
	p->depth--;
	if (c == '-')
		v->v = -v->v;
	v->at = a;
	return true;
}

/* A plain number beside a length is in the key's unit. */
static bool
same_dim(struct parser *p, struct evalue *l, struct evalue *r, size_t at,
    const char *what)
{
	struct evalue *num = l->kind == EV_NUM ? l : r;

	if (l->kind == r->kind || l->kind == EV_UNKNOWN ||
	    r->kind == EV_UNKNOWN)
		return true;
	if (p->env->unit <= 0)
		return fail_value(p, l, EXPR_TYPE, at, "%s a length and a "
		    "number, where no length is taken", what);
	num->kind = EV_LEN;
	num->v *= p->env->unit;
	return true;
}

static bool
unknown_of(struct evalue *l, const struct evalue *r)
{
	if (l->kind != EV_UNKNOWN && r->kind != EV_UNKNOWN)
		return false;
	l->kind = EV_UNKNOWN;
	l->end = r->end;
	return true;
}

static bool
mul_div(struct parser *p, struct evalue *l, struct evalue *r, char op,
    size_t at)
{
	if (unknown_of(l, r))
		return true;
	if (op == '*') {
		if (l->kind == EV_LEN && r->kind == EV_LEN)
			return fail_value(p, l, EXPR_TYPE, at, "a length "
			    "times a length is an area, not a length");
		l->kind = l->kind == EV_LEN || r->kind == EV_LEN ? EV_LEN :
		    EV_NUM;
		l->v *= r->v;
	} else {
		if (r->v == 0)
			return fail_value(p, l, EXPR_ZERO, at, "divides by "
			    "zero");
		if (l->kind == EV_NUM && r->kind == EV_LEN &&
		    !same_dim(p, l, r, at, "divides"))
			return false;
		l->kind = l->kind == r->kind ? EV_NUM : EV_LEN;
		l->v /= r->v;
	}
	l->end = r->end;
	return true;
}

static bool
parse_product(struct parser *p, struct evalue *v)
{
	struct evalue r;
	size_t at;
	char op;

	if (!parse_unary(p, v))
		return false;
	for (;;) {
		skip_space(p);
		if (p->i == p->len || (p->s[p->i] != '*' && p->s[p->i] != '/'))
			return true;
		op = p->s[p->i];
		at = p->i++;
		if (!need_number(p, v) || !parse_unary(p, &r) ||
		    !need_number(p, &r) || !mul_div(p, v, &r, op, at))
			return false;
	}
}

static bool
parse_sum(struct parser *p, struct evalue *v)
{
	struct evalue r;
	size_t at;
	char op;

	if (!parse_product(p, v))
		return false;
	for (;;) {
		skip_space(p);
		if (p->i == p->len || (p->s[p->i] != '+' && p->s[p->i] != '-'))
			return true;
		op = p->s[p->i];
		at = p->i++;
		if (!need_number(p, v) || !parse_product(p, &r) ||
		    !need_number(p, &r))
			return false;
		if (unknown_of(v, &r))
			continue;
		if (!same_dim(p, v, &r, at, op == '+' ? "adds" : "subtracts"))
			return false;
		if (v->kind == EV_UNKNOWN)
			continue;
		v->v += op == '+' ? r.v : -r.v;
		v->end = r.end;
	}
}

static enum cmp
scan_cmp(struct parser *p)
{
	static const struct {
		const char	*s;
		enum cmp	 c;
	} ops[] = { { "==", CMP_EQ }, { "!=", CMP_NE }, { "<=", CMP_LE },
	    { ">=", CMP_GE }, { "<", CMP_LT }, { ">", CMP_GT } };
	size_t k, n;

	skip_space(p);
	for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
		n = strlen(ops[k].s);
		if (p->len - p->i >= n && strncmp(p->s + p->i, ops[k].s, n) ==
		    0) {
			p->i += n;
			return ops[k].c;
		}
	}
	return CMP_NONE;
}

static bool
cmp_holds(enum cmp op, double d)
{
	switch (op) {
	case CMP_EQ:
		return d == 0;
	case CMP_NE:
		return d != 0;
	case CMP_LT:
		return d < 0;
	case CMP_LE:
		return d <= 0;
	case CMP_GT:
		return d > 0;
	default:
		return d >= 0;
	}
}

/*
 * -1, 0 or 1 as a is less than, about equal to or more than b: 2.5in
 * and 63.5mm are equal though their points differ in the last bit.
 */
static double
order(double a, double b)
{
	double m = fmax(1, fmax(fabs(a), fabs(b)));

	if (fabs(a - b) <= 1e-9 * m)
		return 0;
	return a < b ? -1 : 1;
}

/* Two texts: equal or not as words, unless both are numbers. */
static bool
compare_text(struct parser *p, struct evalue *l, struct evalue *r,
    enum cmp op, size_t at)
{
	struct evalue a = *l, b = *r;
	double d;

	if (text_number(l->s, l->n, p->env->dpi, &a) &&
	    text_number(r->s, r->n, p->env->dpi, &b) && a.kind == b.kind) {
		l->v = cmp_holds(op, order(a.v, b.v));
		l->kind = EV_BOOL;
		return true;
	}
	if (op != CMP_EQ && op != CMP_NE)
		return fail_value(p, l, EXPR_TYPE, at, "'%.*s' and '%.*s' "
		    "are not both numbers: only == and != compare words",
		    (int)l->n, l->s, (int)r->n, r->s);
	d = l->n == r->n && memcmp(l->s, r->s, l->n) == 0 ? 0 : 1;
	l->v = cmp_holds(op, d);
	l->kind = EV_BOOL;
	return true;
}

static bool
compare(struct parser *p, struct evalue *l, struct evalue *r, enum cmp op,
    size_t at)
{
	if (unknown_of(l, r))
		return true;
	if (l->kind == EV_STR && r->kind == EV_STR)
		return compare_text(p, l, r, op, at);
	if (l->kind == EV_BOOL && r->kind == EV_BOOL &&
	    (op == CMP_EQ || op == CMP_NE)) {
		l->v = cmp_holds(op, l->v != r->v);
		return true;
	}
	if (!need_number(p, l) || !need_number(p, r))
		return false;
	if (unknown_of(l, r))
		return true;
	if (!same_dim(p, l, r, at, "compares"))
		return false;
	if (unknown_of(l, r))
		return true;
	l->v = cmp_holds(op, order(l->v, r->v));
	l->kind = EV_BOOL;
	return true;
}

static bool
parse_cmp(struct parser *p, struct evalue *v)
{
	struct evalue r;
	enum cmp op;
	size_t at;

	if (!parse_sum(p, v))
		return false;
	skip_space(p);
	at = p->i;
	if ((op = scan_cmp(p)) == CMP_NONE)
		return true;
	if (!parse_sum(p, &r))
		return false;
	if (!compare(p, v, &r, op, at))
		return false;
	v->end = r.end;
	return true;
}

/* A condition's truth: true or false, or a number not 0. */
static bool
need_cond(struct parser *p, struct evalue *v)
{
	if (v->kind == EV_BOOL || v->kind == EV_UNKNOWN)
		return true;
	if (v->kind == EV_NUM) {
		v->kind = EV_BOOL;
		v->v = v->v != 0;
		return true;
	}
	return fail_value(p, v, EXPR_TYPE, v->at, "'%.*s' is not a condition "
	    "(compare it: == != < <= > >=)", (int)(v->end - v->at),
	    p->s + v->at);
}

static bool
parse_not(struct parser *p, struct evalue *v)
{
	size_t a;

	skip_space(p);
	a = p->i;
	if (!keyword(p, "not"))
		return parse_cmp(p, v);
	if (++p->depth > EXPR_MAX_DEPTH)
		return fail(p, EXPR_LIMIT, a, "nested more than %d deep",
		    EXPR_MAX_DEPTH);
	if (!parse_not(p, v) || !need_cond(p, v))
		return false;
	p->depth--;
	v->v = !v->v;
	v->at = a;
	return true;
}

/* and (or, with is_or): the right side is skipped, quietly, once the
 * left decides. */
static bool
parse_logic(struct parser *p, struct evalue *v, bool is_or)
{
	struct evalue r;
	bool skip;

	if (!(is_or ? parse_logic(p, v, false) : parse_not(p, v)))
		return false;
	while (keyword(p, is_or ? "or" : "and")) {
		if (!need_cond(p, v))
			return false;
		skip = v->kind == EV_BOOL && (v->v != 0) == is_or;
		p->quiet += skip;
		if (!(is_or ? parse_logic(p, &r, false) : parse_not(p, &r)) ||
		    !need_cond(p, &r)) {
			p->quiet -= skip;
			return false;
		}
		p->quiet -= skip;
		if (skip)
			continue;
		if (unknown_of(v, &r))
			continue;
		v->v = is_or ? (v->v || r.v) : (v->v && r.v);
		v->end = r.end;
	}
	return true;
}

static bool
parse_or(struct parser *p, struct evalue *v)
{
	return parse_logic(p, v, true);
}

bool
tmpl_expr_eval(const char *s, const struct eenv *env, struct evalue *out,
    struct eerr *err)
{
	struct parser p = { s, 0, strlen(s), env, err, 0, 0 };

	memset(err, 0, sizeof(*err));
	if (p.len > EXPR_MAX_LEN)
		return fail(&p, EXPR_LIMIT, EXPR_MAX_LEN, "longer than %d "
		    "characters", EXPR_MAX_LEN);
	if (!parse_or(&p, out))
		return false;
	skip_space(&p);
	if (p.i < p.len)
		return fail(&p, EXPR_SYNTAX, p.i, "'%c' where an operator "
		    "(+ - * / == and ...) or the end was expected",
		    p.s[p.i]);
	return true;
}

bool
tmpl_expr_number(const char *s, const struct eenv *env, double *out,
    bool *unknown, struct eerr *err)
{
	struct parser p = { s, 0, strlen(s), env, err, 0, 0 };
	struct evalue v;

	*unknown = false;
	if (!tmpl_expr_eval(s, env, &v, err) || !need_number(&p, &v))
		return false;
	if (v.kind == EV_UNKNOWN) {
		*unknown = true;
		return true;
	}
	if (v.kind == EV_LEN && env->unit <= 0)
		return fail(&p, EXPR_TYPE, 0, "is a length, where a plain "
		    "number is taken");
	*out = v.kind == EV_LEN ? v.v / env->unit : v.v;
	if (isfinite(*out))
		return true;
	return fail(&p, EXPR_TYPE, 0, "is too large a number");
}

bool
tmpl_expr_cond(const char *s, const struct eenv *env, bool *out,
    bool *unknown, struct eerr *err)
{
	struct parser p = { s, 0, strlen(s), env, err, 0, 0 };
	struct evalue v;

	*unknown = false;
	if (!tmpl_expr_eval(s, env, &v, err) || !need_cond(&p, &v))
		return false;
	*unknown = v.kind == EV_UNKNOWN;
	*out = !*unknown && v.v != 0;
	return true;
}

bool
tmpl_expr_has_ref(const char *s)
{
	const char *p;

	for (p = s; (p = strchr(p, '{')) != NULL; p++)
		if (p == s || p[-1] != '\\')
			return true;
	return false;
}

bool
tmpl_expr_subst(struct arena *a, const char *s, const struct eenv *env,
    bool keep, const char **out, bool *unknown, struct eerr *err)
{
	struct strbuf b = { 0 };
	char name[EXPR_MAX_NAME + 1];
	const char *p, *q, *val;
	size_t n;

	memset(err, 0, sizeof(*err));
	*unknown = false;
	*out = NULL;
	sb_add(&b, "", 0);
	for (p = s; *p != '\0'; p = q) {
		if (*p == '\\' && p[1] == '{') {
			sb_add(&b, p, 2);
			q = p + 2;
			continue;
		}
		if (*p != '{' || (q = strchr(p, '}')) == NULL ||
		    (n = (size_t)(q - p - 1)) == 0 || n > EXPR_MAX_NAME ||
		    strcspn(p + 1, "{ \t") < n) {
			q = p + 1;
			sb_add(&b, p, 1);
			continue;
		}
		memcpy(name, p + 1, n);
		name[n] = '\0';
		q++;
		val = env->get != NULL ? env->get(env->ctx, name) : NULL;
		if (val == tmpl_expr_unknown)
			*unknown = true;
		else if (val != NULL)
			sb_puts(&b, val);
		else if (keep)
			sb_add(&b, p, (size_t)(q - p));
		else {
			err->code = EXPR_NAME;
			err->at = (size_t)(p - s);
			snprintf(err->msg, sizeof(err->msg), "{%s} names "
			    "nothing", name);
			sb_free(&b);
			return false;
		}
	}
	if (!*unknown)
		*out = arena_strdup(a, b.s);
	sb_free(&b);
	return true;
}

package lab

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

// A card file's problems come from three places, each in English for the
// command line: the YAML reader (a line it cannot read), the game's card
// schema (a value of the wrong type or out of its range, an unknown
// field), and the game's own checks (a cost out of range, an unknown
// kind). The page says each in the reader's language: the card and the
// field as the game's words name them (not "$.cards[0].hp"), what is
// expected (a whole number, the allowed values or range, the known
// fields), and a fix that the page itself lets one make, not a command.
// A problem of a shape not recognised here keeps its words, with a fix
// that names no command.

// cardProblemsIn is ps, problems of the edited card file (named file) of
// game g, for the page in language l; a problem of another file (a
// preset's list) has no line there.
func cardProblemsIn(g engine.Game, file string, ps engine.Problems, l i18n.Lang) []CardProblem {
	out := make([]CardProblem, 0, len(ps))
	for _, p := range ps {
		line := p.Line
		if p.File != "" && baseName(p.File) != file {
			line = 0
		}
		cp := sayCardProblem(g, p, l)
		cp.Line = line
		out = append(out, cp)
	}
	return out
}

func baseName(name string) string { return name[strings.LastIndex(name, "/")+1:] }

var (
	// subjectPath is a schema problem's subject: "Terrix ($.cards[0].hp)"
	// or "$.cards[0].hp".
	subjectPath = regexp.MustCompile(`^(?:(.*) \()?(\$[^ ()]*)\)?$`)
	// cardPath is a path into one card: "$.cards[0].hp" and its field.
	cardPath = regexp.MustCompile(`^\$\.cards\[\d+\](?:\.([A-Za-z0-9_]+))?`)

	schemaType     = regexp.MustCompile(`^got (\w+), want (.+)$`)
	unknownField   = regexp.MustCompile(`^unknown field "([^"]*)"`)
	schemaBound    = regexp.MustCompile(`^(?:minimum|maximum|exclusiveMinimum|exclusiveMaximum): got (-?[0-9.]+), want (-?[0-9.]+)$`)
	schemaEnum     = regexp.MustCompile(`^value must be (?:one of )?(.+)$`)
	schemaRequired = regexp.MustCompile(`^missing propert(?:y|ies) (.+)$`)
	gameRange      = regexp.MustCompile(`^(\w+) (-?\d+) is out of range(?: (-?\d+)\.\.(-?\d+))?$`)
	fixRange       = regexp.MustCompile(`(-?\d+) to (-?\d+)`)
	duplicateKey   = regexp.MustCompile(`^mapping key "([^"]*)" already defined`)
	gameUnknown    = regexp.MustCompile(`^unknown (\w+) "([^"]*)"$`)
	fixChoices     = regexp.MustCompile(`^use (?:one of )?(.+)$`)
	quoted         = regexp.MustCompile(`'([^']*)'|"([^"]*)"`)
)

// syntaxHints are the YAML reader's messages of a line it cannot read,
// by the page's words for what is wrong (lab.card.syntax_<hint>).
var syntaxHints = []struct{ has, hint string }{
	{"',' or '}' must be specified", "brace"},
	{"',' or ']' must be specified", "bracket"},
	{"not allowed in this context", "indent"},
	{"could not find end character", "quote"},
	{"found character that cannot start any token", "char"},
	{"tab", "char"},
}

// sayCardProblem is p for the page in language l; its Line is left to
// the caller.
func sayCardProblem(g engine.Game, p engine.Problem, l i18n.Lang) CardProblem {
	game := g.Info().ID
	card, path := p.Subject, ""
	if m := subjectPath.FindStringSubmatch(p.Subject); m != nil {
		card, path = m[1], m[2]
	}
	field := ""
	if m := cardPath.FindStringSubmatch(path); m != nil {
		field = m[1]
	}
	word := func(f string) string { return sim.FieldIn(l, game, f) }
	subject := func(f string) string {
		if f == "" || card == "" {
			return card
		}
		return card + " · " + word(f)
	}
	t := func(key string, kv ...any) string { return words.T(l, "lab.card."+key, i18n.Say(l, kv)...) }
	sch := schemaOf(g)
	out := CardProblem{Subject: p.Subject, Message: p.Msg, Fix: p.Fix}
	switch msg := p.Msg; {
	case schemaType.MatchString(msg):
		m := schemaType.FindStringSubmatch(msg)
		want := strings.Split(m[2], " or ")
		saidWant := make([]string, len(want))
		for i, w := range want {
			saidWant[i] = t("t_" + typeWord(w))
		}
		joined := strings.Join(saidWant, t("or"))
		out = CardProblem{Subject: subject(field),
			Message: t("type", "field", fieldOrKey(word, field), "want", joined, "got", t("t_"+typeWord(m[1])))}
		if slices.Contains(want, "integer") {
			out.Fix = boundFix(t, sch.limit(field), true)
		} else if vals := sch.card[field].Enum; len(vals) > 0 {
			out.Fix = t("fix_one_of", "allowed", strings.Join(vals, ", "))
		} else {
			out.Fix = t("fix_want", "want", joined)
		}
	case unknownField.MatchString(msg):
		name := unknownField.FindStringSubmatch(msg)[1]
		top := path != "" && !strings.HasPrefix(path, "$.cards[")
		known := sch.cardKeys
		key := "fix_card_fields"
		if top {
			known, key = sch.topKeys, "fix_file_fields"
		}
		said := make([]string, len(known))
		for i, k := range known {
			said[i] = k
			if w := word(k); w != k && !top {
				said[i] = k + " (" + w + ")"
			}
		}
		out = CardProblem{Subject: card, Message: t("unknown_field", "name", name)}
		if len(said) > 0 {
			out.Fix = t(key, "known", strings.Join(said, ", "))
			if near := nearestKey(name, known); near != "" {
				out.Fix = t("fix_did_you_mean", "near", near) + " " + out.Fix
			}
		}
	case schemaBound.MatchString(msg):
		m := schemaBound.FindStringSubmatch(msg)
		out = CardProblem{Subject: subject(field), Message: t("not_value", "field", fieldOrKey(word, field), "value", m[1]),
			Fix: boundFix(t, sch.limit(field), false)}
	case schemaEnum.MatchString(msg) && field != "":
		vals := sch.card[field].Enum
		if len(vals) == 0 {
			vals = unquote(schemaEnum.FindStringSubmatch(msg)[1])
		}
		out = CardProblem{Subject: subject(field), Message: t("not_word", "field", word(field), "value", writtenValue(p)),
			Fix: t("fix_one_of", "allowed", strings.Join(vals, ", "))}
	case schemaRequired.MatchString(msg):
		names := unquote(schemaRequired.FindStringSubmatch(msg)[1])
		said := make([]string, len(names))
		for i, n := range names {
			said[i] = n
			if w := word(n); w != n {
				said[i] = n + " (" + w + ")"
			}
		}
		key, fix := "missing", "fix_missing"
		if !strings.HasPrefix(path, "$.cards[") {
			key, fix = "missing_file", "fix_missing_file"
		}
		out = CardProblem{Subject: card, Message: t(key, "fields", strings.Join(said, ", ")), Fix: t(fix, "key", names[0])}
	case duplicateKey.MatchString(msg):
		out = CardProblem{Message: t("twice", "key", duplicateKey.FindStringSubmatch(msg)[1]), Fix: t("fix_twice")}
	case gameRange.MatchString(msg):
		m := gameRange.FindStringSubmatch(msg)
		lim := fieldLimit{}
		if m[3] != "" {
			lim = fieldLimit{Min: atoiPtr(m[3]), Max: atoiPtr(m[4])}
		} else if f := fixRange.FindStringSubmatch(p.Fix); f != nil {
			lim = fieldLimit{Min: atoiPtr(f[1]), Max: atoiPtr(f[2])}
		} else {
			lim = sch.limit(m[1])
		}
		out = CardProblem{Subject: subject(m[1]), Message: t("not_value", "field", word(m[1]), "value", m[2]), Fix: boundFix(t, lim, false)}
	case gameUnknown.MatchString(msg):
		m := gameUnknown.FindStringSubmatch(msg)
		out = CardProblem{Subject: subject(m[1]), Message: t("not_word", "field", word(m[1]), "value", m[2])}
		vals := sch.card[m[1]].Enum
		if f := fixChoices.FindStringSubmatch(p.Fix); len(vals) == 0 && f != nil {
			vals = splitChoices(f[1])
		}
		if len(vals) > 0 {
			out.Fix = t("fix_one_of", "allowed", strings.Join(vals, ", "))
		}
	case p.Subject == "" && p.Line > 0 && syntaxHint(msg) != "":
		out = CardProblem{Message: t("syntax", "what", t("syntax_"+syntaxHint(msg))), Fix: t("fix_syntax")}
	default:
		if out.Subject != "" && path != "" {
			out.Subject = subject(field)
		}
		if strings.Contains(out.Fix, "kartenwerk") {
			out.Fix = t("fix_compare")
		}
	}
	return out
}

// syntaxHint is the page's word for the YAML reader's message msg of a
// line it cannot read: "other" for any message of the reader, "" for
// one of the schema or the game.
func syntaxHint(msg string) string {
	for _, h := range syntaxHints {
		if strings.Contains(msg, h.has) {
			return h.hint
		}
	}
	if strings.Contains(msg, "specified") || strings.Contains(msg, "unexpected") || strings.Contains(msg, "could not") ||
		strings.Contains(msg, "invalid") || strings.Contains(msg, "found") || msg == engine.ErrYAMLUnreadable.Error() {
		return "other"
	}
	return ""
}

// boundFix says which whole numbers a field takes; digits says so too,
// for a value written otherwise ("vierzig").
func boundFix(t func(string, ...any) string, lim fieldLimit, digits bool) string {
	var s string
	switch {
	case lim.Min != nil && lim.Max != nil:
		s = t("fix_range", "min", *lim.Min, "max", *lim.Max)
	case lim.Min != nil:
		s = t("fix_at_least", "min", *lim.Min)
	case lim.Max != nil:
		s = t("fix_at_most", "max", *lim.Max)
	default:
		return t("fix_whole")
	}
	if digits {
		s += " " + t("fix_digits")
	}
	return s
}

// fieldOrKey is the word for field, or the card's field in general.
func fieldOrKey(word func(string) string, field string) string {
	if field == "" {
		return "?"
	}
	return word(field)
}

// writtenValue is the value the problem's message quotes, or its field.
func writtenValue(p engine.Problem) string {
	if m := quoted.FindStringSubmatch(p.Msg); m != nil {
		return m[1] + m[2]
	}
	return "?"
}

// unquote lists the quoted words of s ("'a', 'b'"), or s's words parted
// by commas.
func unquote(s string) []string {
	var out []string
	for _, m := range quoted.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1]+m[2])
	}
	if out == nil {
		for _, w := range strings.Split(s, ",") {
			out = append(out, strings.TrimSpace(w))
		}
	}
	return out
}

// splitChoices lists "a, b, c or d" as its words.
func splitChoices(s string) []string {
	s = strings.ReplaceAll(s, " or ", ", ")
	var out []string
	for _, w := range strings.Split(s, ",") {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}

func atoiPtr(s string) *int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return nil
	}
	return &n
}

// typeWord is the page's word for a JSON Schema type.
func typeWord(t string) string {
	switch t {
	case "integer", "number", "string", "array", "object", "boolean", "null":
		return t
	}
	return "other"
}

// nearestKey is the known key one or two letters from name, or "".
func nearestKey(name string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if d := editDistance(strings.ToLower(name), strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

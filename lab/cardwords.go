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
	s := &problemSpeaker{game: g.Info().ID, l: l, sch: schemaOf(g), p: p, card: p.Subject}
	if m := subjectPath.FindStringSubmatch(p.Subject); m != nil {
		s.card, s.path = m[1], m[2]
	}
	if m := cardPath.FindStringSubmatch(s.path); m != nil {
		s.field = m[1]
	}
	for _, shape := range problemShapes {
		if m := shape.msg.FindStringSubmatch(p.Msg); m != nil && (!shape.ofField || s.field != "") {
			return shape.say(s, m)
		}
	}
	if p.Subject == "" && p.Line > 0 && syntaxHint(p.Msg) != "" {
		return CardProblem{Message: s.t("syntax", "what", s.t("syntax_"+syntaxHint(p.Msg))), Fix: s.t("fix_syntax")}
	}
	return s.asWritten()
}

// problemShapes are the messages of a card file's problems that the page
// says in its own words, in the order they are tried; ofField: only of a
// value of a card's field.
var problemShapes = []struct {
	msg     *regexp.Regexp
	ofField bool
	say     func(*problemSpeaker, []string) CardProblem
}{
	{schemaType, false, (*problemSpeaker).wrongType},
	{unknownField, false, (*problemSpeaker).unknownField},
	{schemaBound, false, (*problemSpeaker).outOfBounds},
	{schemaEnum, true, (*problemSpeaker).notAllowed},
	{schemaRequired, false, (*problemSpeaker).missing},
	{duplicateKey, false, (*problemSpeaker).twice},
	{gameRange, false, (*problemSpeaker).outOfRange},
	{gameUnknown, false, (*problemSpeaker).unknownWord},
}

// problemSpeaker says one problem of a card file of one game in one
// language.
type problemSpeaker struct {
	game string
	l    i18n.Lang
	sch  *cardSchema
	p    engine.Problem
	// card is the card's name ("" for the file); path the schema's path
	// to the value ("$.cards[0].hp", "" for the game's own checks), and
	// field the card's field it names ("hp", "" for none).
	card, path, field string
}

// t is the page's sentence key in the speaker's language.
func (s *problemSpeaker) t(key string, kv ...any) string {
	return words.T(s.l, "lab.card."+key, i18n.Say(s.l, kv)...)
}

// word is the game's word for a card's field.
func (s *problemSpeaker) word(f string) string { return sim.FieldIn(s.l, s.game, f) }

// subject names the card and its field f: "Terrix · HP".
func (s *problemSpeaker) subject(f string) string {
	if f == "" || s.card == "" {
		return s.card
	}
	return s.card + " · " + s.word(f)
}

// fieldOrKey is the word for the field, or "?" for a card's field in general.
func (s *problemSpeaker) fieldOrKey() string {
	if s.field == "" {
		return "?"
	}
	return s.word(s.field)
}

// withWords lists keys, each a field's key with the game's word for it
// where that differs: "hp (LP)".
func (s *problemSpeaker) withWords(keys []string) []string {
	said := make([]string, len(keys))
	for i, k := range keys {
		said[i] = k
		if w := s.word(k); w != k {
			said[i] = k + " (" + w + ")"
		}
	}
	return said
}

// wrongType: "got string, want integer".
func (s *problemSpeaker) wrongType(m []string) CardProblem {
	want := strings.Split(m[2], " or ")
	saidWant := make([]string, len(want))
	for i, w := range want {
		saidWant[i] = s.t("t_" + typeWord(w))
	}
	joined := strings.Join(saidWant, s.t("or"))
	out := CardProblem{Subject: s.subject(s.field),
		Message: s.t("type", "field", s.fieldOrKey(), "want", joined, "got", s.t("t_"+typeWord(m[1])))}
	switch vals := s.sch.card[s.field].Enum; {
	case slices.Contains(want, "integer"):
		out.Fix = s.boundFix(s.sch.limit(s.field), true)
	case len(vals) > 0:
		out.Fix = s.t("fix_one_of", "allowed", strings.Join(vals, ", "))
	default:
		out.Fix = s.t("fix_want", "want", joined)
	}
	return out
}

// unknownField: a key neither a card nor the file knows, with the known
// ones and the nearest of them.
func (s *problemSpeaker) unknownField(m []string) CardProblem {
	name := m[1]
	known, said, key := s.sch.cardKeys, s.withWords(s.sch.cardKeys), "fix_card_fields"
	if s.path != "" && !strings.HasPrefix(s.path, "$.cards[") {
		known, said, key = s.sch.topKeys, s.sch.topKeys, "fix_file_fields"
	}
	out := CardProblem{Subject: s.card, Message: s.t("unknown_field", "name", name)}
	if len(said) > 0 {
		out.Fix = s.t(key, "known", strings.Join(said, ", "))
		if near := nearestKey(name, known); near != "" {
			out.Fix = s.t("fix_did_you_mean", "near", near) + " " + out.Fix
		}
	}
	return out
}

// outOfBounds: the schema's "minimum: got 900, want 990".
func (s *problemSpeaker) outOfBounds(m []string) CardProblem {
	return CardProblem{Subject: s.subject(s.field), Message: s.t("not_value", "field", s.fieldOrKey(), "value", m[1]),
		Fix: s.boundFix(s.sch.limit(s.field), false)}
}

// notAllowed: a field's value that is none of its allowed words.
func (s *problemSpeaker) notAllowed(m []string) CardProblem {
	vals := s.sch.card[s.field].Enum
	if len(vals) == 0 {
		vals = unquote(m[1])
	}
	return CardProblem{Subject: s.subject(s.field), Message: s.t("not_word", "field", s.word(s.field), "value", writtenValue(s.p)),
		Fix: s.t("fix_one_of", "allowed", strings.Join(vals, ", "))}
}

// missing: fields a card, or the file, must have.
func (s *problemSpeaker) missing(m []string) CardProblem {
	names := unquote(m[1])
	key, fix := "missing", "fix_missing"
	if !strings.HasPrefix(s.path, "$.cards[") {
		key, fix = "missing_file", "fix_missing_file"
	}
	return CardProblem{Subject: s.card, Message: s.t(key, "fields", strings.Join(s.withWords(names), ", ")), Fix: s.t(fix, "key", names[0])}
}

// twice: a key written twice in one mapping.
func (s *problemSpeaker) twice(m []string) CardProblem {
	return CardProblem{Message: s.t("twice", "key", m[1]), Fix: s.t("fix_twice")}
}

// outOfRange: the game's own "cost 12 is out of range 0..10", its range
// taken from the message, the game's fix or the schema.
func (s *problemSpeaker) outOfRange(m []string) CardProblem {
	var lim fieldLimit
	if m[3] != "" {
		lim = fieldLimit{Min: atoiPtr(m[3]), Max: atoiPtr(m[4])}
	} else if f := fixRange.FindStringSubmatch(s.p.Fix); f != nil {
		lim = fieldLimit{Min: atoiPtr(f[1]), Max: atoiPtr(f[2])}
	} else {
		lim = s.sch.limit(m[1])
	}
	return CardProblem{Subject: s.subject(m[1]), Message: s.t("not_value", "field", s.word(m[1]), "value", m[2]), Fix: s.boundFix(lim, false)}
}

// unknownWord: the game's own "unknown element "Ice"", with the allowed
// words from the schema or the game's fix.
func (s *problemSpeaker) unknownWord(m []string) CardProblem {
	out := CardProblem{Subject: s.subject(m[1]), Message: s.t("not_word", "field", s.word(m[1]), "value", m[2])}
	vals := s.sch.card[m[1]].Enum
	if f := fixChoices.FindStringSubmatch(s.p.Fix); len(vals) == 0 && f != nil {
		vals = splitChoices(f[1])
	}
	if len(vals) > 0 {
		out.Fix = s.t("fix_one_of", "allowed", strings.Join(vals, ", "))
	}
	return out
}

// asWritten keeps a problem of a shape not recognised in its words, its
// subject named by the card and field, and a fix that names no command.
func (s *problemSpeaker) asWritten() CardProblem {
	out := CardProblem{Subject: s.p.Subject, Message: s.p.Msg, Fix: s.p.Fix}
	if out.Subject != "" && s.path != "" {
		out.Subject = s.subject(s.field)
	}
	if strings.Contains(out.Fix, "kartenwerk") {
		out.Fix = s.t("fix_compare")
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
func (s *problemSpeaker) boundFix(lim fieldLimit, digits bool) string {
	var fix string
	switch {
	case lim.Min != nil && lim.Max != nil:
		fix = s.t("fix_range", "min", *lim.Min, "max", *lim.Max)
	case lim.Min != nil:
		fix = s.t("fix_at_least", "min", *lim.Min)
	case lim.Max != nil:
		fix = s.t("fix_at_most", "max", *lim.Max)
	default:
		return s.t("fix_whole")
	}
	if digits {
		fix += " " + s.t("fix_digits")
	}
	return fix
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

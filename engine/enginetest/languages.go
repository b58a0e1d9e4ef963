package enginetest

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// foreign lists words that give away another language, per language of
// the text they must not appear in. Card names are taken out before the
// check, since they stay as printed.
var foreign = [...][]string{
	i18n.EN: {"Zucker", "Tod", "Sofort", "Dauer", "Schaden", "Karte", "Karten", "Spieler", "Runde", "Zug", "und", "oder", "der", "das", "mit", "auf", "aus", "von", "nicht", "eine", "einen", "Gegner", "ziehe", "karta", "karty", "hráč", "kolo", "tah", "nebo", "poškození", "život", "životy"},
	i18n.DE: {"sugar", "Sugar", "Death", "damage", "Damage", "card", "cards", "Card", "Cards", "player", "Player", "turn", "the", "The", "and", "with", "your", "Your", "from", "when", "When", "each", "Each", "karta", "karty", "hráč", "nebo", "poškození"},
	i18n.CS: {"the", "The", "and", "card", "cards", "Card", "player", "Player", "damage", "sugar", "Death", "with", "your", "und", "der", "das", "Karte", "Karten", "Spieler", "Schaden", "Zucker", "mit", "Tod", "Sofort"},
}

var foreignRE [len(foreign)]*regexp.Regexp

func init() {
	for l, words := range foreign {
		foreignRE[l] = regexp.MustCompile(`(^|[^\p{L}])(` + strings.Join(words, "|") + `)($|[^\p{L}])`)
	}
}

// ForeignWord is the first word in text that gives away a language other
// than l ("the" in German, "Karte" in English), or "". Card names are
// not taken out: give it text without them.
func ForeignWord(l i18n.Lang, text string) string {
	if m := foreignRE[l].FindStringSubmatch(text); m != nil {
		return m[2]
	}
	return ""
}

// articleBeforeVowel is "a" before a word that begins with a vowel
// letter other than "u".
var articleBeforeVowel = regexp.MustCompile(`(?:^|[^\p{L}])[Aa] ([AEIOaeio]\p{L}*)`)

// wordTakingAn is the first word in English text that follows "a" and
// begins with a vowel's sound ("a Ember resource", "a Ancient Dryad"), or
// "": a message that puts an article before a name it is given reads so
// for half the names. Words that begin with "u" are left alone ("a
// unit"), as are those that begin with the sound of "you" or "w" ("a
// European", "a one-time cost").
func wordTakingAn(text string) string {
	for _, m := range articleBeforeVowel.FindAllStringSubmatch(text, -1) {
		w := strings.ToLower(m[1])
		if strings.HasPrefix(w, "eu") || strings.HasPrefix(w, "one") {
			continue
		}
		return m[1]
	}
	return ""
}

// speechChecker finds missing keys, unfilled arguments and words of
// another language in a game's texts.
type speechChecker struct {
	names []string // card names, longest first, taken out before checks
}

func newSpeechChecker(g engine.Game) *speechChecker {
	var names []string
	for _, c := range g.Cards() {
		names = append(names, c.Name)
	}
	slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) })
	return &speechChecker{names: names}
}

// sentenceStart is the first word of a text or of a sentence in it.
var sentenceStart = regexp.MustCompile(`(?:^|[.!?] )(\p{L}+)`)

// lowerSentenceStart is the first word of text that begins a sentence in
// lower case ("heal each of your MystiMons 20 HP."), or "". A card's name
// may, as it is printed ("kleine Nahrung").
func (sc *speechChecker) lowerSentenceStart(text string) string {
	for _, m := range sentenceStart.FindAllStringSubmatchIndex(text, -1) {
		word := text[m[2]:m[3]]
		if i18n.Capital(word) == word || sc.namesAt(text[m[2]:]) {
			continue
		}
		return word
	}
	return ""
}

// namesAt reports whether text begins with a card's name.
func (sc *speechChecker) namesAt(text string) bool {
	for _, n := range sc.names {
		if strings.HasPrefix(text, n) {
			return true
		}
	}
	return false
}

// check returns what is wrong with text in language l, or "".
func (sc *speechChecker) check(l i18n.Lang, text string) string {
	if strings.Contains(text, "⟦") {
		return "a missing message: " + text
	}
	if strings.Contains(text, "<no value>") {
		return "a message argument left unfilled: " + text
	}
	if l == i18n.EN {
		if word := wordTakingAn(text); word != "" {
			return fmt.Sprintf("%q takes \"an\": %s", "a "+word, text)
		}
	}
	// Card names stay as printed: each is taken out, and a mark stands in
	// its place, between its neighbours ("an Coral Warden an").
	plain := text
	for _, n := range sc.names {
		plain = strings.ReplaceAll(plain, n, "#")
	}
	if word := ForeignWord(l, plain); word != "" {
		return fmt.Sprintf("%q is not %s: %s", word, l.Name(), text)
	}
	if word := doubledWord(l, plain); word != "" {
		return fmt.Sprintf("%q twice in a row: %s", word, text)
	}
	return ""
}

// doubledWord is the first word that text in language l says twice in a
// row, or "": a message that puts a noun before a reference that brings
// its own says it twice ("Efekt karty karty Thief's Glove"). German's
// relative pronoun before an article ("die Karten, die die Gegnerin
// hält") is no mistake.
func doubledWord(l i18n.Lang, text string) string {
	words := strings.Fields(text)
	for i := 1; i < len(words); i++ {
		w := words[i]
		if !strings.EqualFold(w, words[i-1]) || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
			continue
		}
		if l == i18n.DE && slices.Contains(germanArticles, strings.ToLower(w)) {
			continue
		}
		return w
	}
	return ""
}

// germanArticles are the German words that are both an article and a
// relative pronoun.
var germanArticles = []string{"der", "die", "das", "den", "dem", "des"}

// CheckLanguages checks that g speaks German, English and Czech
// completely: every card's text, every catalogue key, and, over a few
// random games, every action in both forms for every viewer, every
// view's free text and every name a view carries (zones, stats,
// statuses, counters, phases, keywords), the explanation of every
// result, and the lobby's words for every rule variant (name, doc and
// each option). It fails on a missing key, an unfilled argument, a word of
// another language, an English "a" before a vowel's sound, a word said
// twice in a row, or a card text with a sentence begun in lower case.
func CheckLanguages(t *testing.T, g engine.Game, setup func(i int) engine.Setup, games int) {
	t.Helper()
	sp, ok := g.(engine.Speaker)
	if !ok {
		t.Fatalf("%s does not speak German, English and Czech: it implements no engine.Speaker", g.Info().Name)
	}
	sc := newSpeechChecker(g)
	var errs []string
	fail := func(format string, args ...any) {
		if len(errs) < 30 {
			errs = append(errs, fmt.Sprintf(format, args...))
		}
	}
	checkCards(sp, g, sc, fail)
	checkVariants(sp, g, sc, fail)
	checkSetupRefusals(g, sc, fail)
	for i := 0; i < games; i++ {
		if err := speakOneGame(sp, g, setup(i), sc, fail); err != nil {
			fail("game %d: %v", i, err)
		}
	}
	if len(errs) > 0 {
		t.Fatalf("%s speaks incompletely (%d problems shown):\n%s", g.Info().Name, len(errs), strings.Join(errs, "\n"))
	}
}

func checkCards(sp engine.Speaker, g engine.Game, sc *speechChecker, fail func(string, ...any)) {
	cards := g.Cards()
	for _, l := range i18n.Langs {
		in := sp.CardsIn(l)
		if len(in) != len(cards) {
			fail("%s: CardsIn lists %d cards, Cards %d", l, len(in), len(cards))
			continue
		}
		for i, c := range in {
			if c.Name != cards[i].Name {
				fail("%s: card %d is named %q, not %q as printed", l, i, c.Name, cards[i].Name)
			}
			if start := sc.lowerSentenceStart(c.Text); start != "" {
				fail("%s card %s: a sentence begins in lower case, %q: %s", l, c.Name, start, c.Text)
			}
			texts := slices.Concat([]string{c.Text, c.Kind, c.Group}, c.Keywords)
			for _, text := range texts {
				if msg := sc.check(l, text); msg != "" {
					fail("%s card %s: %s", l, c.Name, msg)
				}
			}
		}
	}
}

// VariantKeys lists the catalogue keys that put spec into words for
// the lobby: its name, its doc and a word for each option.
func VariantKeys(spec engine.VariantSpec) []string {
	prefix := "variant." + spec.Key + "."
	out := []string{prefix + "name", prefix + "doc"}
	for _, o := range spec.Options {
		out = append(out, prefix+"option."+o)
	}
	return out
}

// checkVariants checks that every rule variant the lobby offers has its
// words in the catalogue, in every language; the doc keeps the rule id
// the variant concerns.
func checkVariants(sp engine.Speaker, g engine.Game, sc *speechChecker, fail func(string, ...any)) {
	cat := sp.Catalog()
	for _, spec := range g.Info().Variants {
		for _, key := range VariantKeys(spec) {
			if !cat.Has(key) {
				fail("the catalogue has no %q for the lobby's rule variant %q; add it under variant: in every language", key, spec.Key)
				continue
			}
			for _, l := range i18n.Langs {
				text := cat.T(l, key)
				if msg := sc.check(l, text); msg != "" {
					fail("%s %s: %s", l, key, msg)
				}
				if strings.HasSuffix(key, ".doc") && spec.Rule != "" && !strings.Contains(text, spec.Rule) {
					fail("%s %s: the doc does not name the variant's rule %s: %s", l, key, spec.Rule, text)
				}
			}
		}
	}
}

// checkSetupRefusals checks that a setup the game cannot begin is
// refused in the reader's words: a lobby or a tournament shows the
// refusal to a player, so it must speak every language (an i18n.Error),
// not only the English of the command line.
func checkSetupRefusals(g engine.Game, sc *speechChecker, fail func(string, ...any)) {
	info := g.Info()
	bad := []struct {
		what  string
		setup engine.Setup
	}{
		{"one seat too many", engine.Setup{Game: info.ID, Seats: info.MaxSeats + 1, Seed: 1}},
		{"a first player past the last seat", engine.Setup{Game: info.ID, Seats: info.MinSeats, Seed: 1, First: info.MinSeats + 1}},
		{"a negative first player", engine.Setup{Game: info.ID, Seats: info.MinSeats, Seed: 1, First: -1}},
	}
	for _, b := range bad {
		_, err := g.New(b.setup)
		if err == nil {
			fail("setup with %s: the game began; refuse it", b.what)
			continue
		}
		if _, ok := errors.AsType[*i18n.Error](err); !ok {
			fail("setup with %s: the refusal %q speaks only English; give it catalogue words (an i18n.Error)", b.what, err)
			continue
		}
		for _, l := range i18n.Langs {
			if msg := sc.check(l, engine.ErrorIn(err, l)); msg != "" {
				fail("%s setup refusal with %s: %s", l, b.what, msg)
			}
		}
	}
}

// speakOneGame plays a random game and puts every state into words.
func speakOneGame(sp engine.Speaker, g engine.Game, setup engine.Setup, sc *speechChecker, fail func(string, ...any)) error {
	st, err := g.New(setup)
	if err != nil {
		return err
	}
	rng := engine.NewRNG(setup.Seed ^ 0x5eed)
	var legal []engine.Action
	for step := 0; step < 20000; step++ {
		if done, _ := st.Terminal(); done {
			break
		}
		legal = st.Legal(legal[:0])
		if step%7 == 0 {
			speakState(sp, st, legal, sc, fail)
		}
		if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
			return err
		}
	}
	speakState(sp, st, nil, sc, fail)
	if done, _ := st.Terminal(); done {
		ss, _ := st.(engine.StateSpeaker)
		for _, l := range i18n.Langs {
			if ss == nil {
				break
			}
			lines := ss.Explain(engine.Words{Lang: l})
			if len(lines) == 0 {
				fail("%s: a finished game is not explained", l)
			}
			for _, line := range lines {
				if msg := sc.check(l, line); msg != "" {
					fail("%s result: %s", l, msg)
				}
			}
		}
	}
	return nil
}

func speakState(sp engine.Speaker, st engine.State, legal []engine.Action, sc *speechChecker, fail func(string, ...any)) {
	ss, ok := st.(engine.StateSpeaker)
	if !ok {
		fail("the game's states implement no engine.StateSpeaker")
		return
	}
	cat := sp.Catalog()
	mover := st.ToMove()
	for _, l := range i18n.Langs {
		w := engine.Words{Lang: l, Names: []string{"Anna", "Ben", "Cyril", "Dana", "Emil", "Fanny"}}
		for _, a := range legal {
			for _, text := range []string{ss.Say(a, mover, engine.Button, w), ss.Say(a, engine.NoSeat, engine.Log, w)} {
				if msg := sc.check(l, text); msg != "" {
					fail("%s action: %s", l, msg)
				}
			}
		}
		for _, viewer := range viewers(st) {
			v := engine.Localized(st, viewer, w)
			for _, text := range viewTexts(v) {
				if msg := sc.check(l, text); msg != "" {
					fail("%s view of %s: %s", l, viewer, msg)
				}
			}
			for _, key := range viewKeys(v) {
				if !cat.Has(key) {
					fail("the catalogue has no %q, which views show", key)
				}
			}
			for _, msg := range counterGroups(cat, l, v) {
				fail("%s: %s", l, msg)
			}
			if phase := cat.T(l, "phase."+v.Phase); v.Round > 0 && strings.EqualFold(phase, roundWord[l]) {
				fail("%s: phase %q is called %q, the word the table's header gives the round number (\"%s %d · %s\")", l, v.Phase, phase, roundWord[l], v.Round, phase)
			}
		}
	}
}

// roundWord is what the tables call a round, before its number: a phase
// of that name would read "Round 2 · Round".
var roundWord = map[i18n.Lang]string{i18n.EN: "Round", i18n.DE: "Runde", i18n.CS: "Kolo"}

// counterGroups checks the words of a player's dotted counters, which the
// table shows as one chip a group ("energy.red", "energy.blue" as
// "Energy: Red 1, Blue 2"): the group has a word of its own, and each
// counter's word is the group's, a colon and the part's, which is how
// the page finds the part's word.
func counterGroups(cat *i18n.Catalog, l i18n.Lang, v *engine.View) []string {
	var out []string
	for _, p := range v.Players {
		for _, c := range p.Counters {
			group, _, dotted := strings.Cut(c.Name, ".")
			if !dotted {
				continue
			}
			if !cat.Has("counter." + group) {
				out = append(out, fmt.Sprintf("counter %q's group %q has no word of its own (counter.%s)", c.Name, group, group))
				continue
			}
			lead := cat.T(l, "counter."+group) + ":"
			if word := cat.T(l, "counter."+c.Name); !strings.HasPrefix(word, lead) || strings.TrimSpace(strings.TrimPrefix(word, lead)) == "" {
				out = append(out, fmt.Sprintf("counter %q reads %q, which is not its group's word %q followed by its own", c.Name, word, lead))
			}
		}
	}
	return out
}

// viewTexts lists the free text of a view.
func viewTexts(v *engine.View) []string {
	out := slices.Clone(v.Notes)
	out = append(out, v.Prompt)
	if v.Result != nil {
		out = append(out, v.Result.Reason)
	}
	eachCard(v, func(c *engine.CardView) { out = append(out, c.Note) })
	return out
}

// viewKeys lists the catalogue keys of every name a view carries.
func viewKeys(v *engine.View) []string {
	var out []string
	add := func(prefix, name string) {
		if name != "" && !slices.Contains(out, prefix+name) {
			out = append(out, prefix+name)
		}
	}
	add("phase.", v.Phase)
	zones := func(zs []engine.Zone) {
		for _, z := range zs {
			add("zone.", z.Name)
		}
	}
	zones(v.Shared)
	for _, p := range v.Players {
		zones(p.Zones)
		for _, c := range p.Counters {
			add("counter.", c.Name)
		}
	}
	eachCard(v, func(c *engine.CardView) {
		for _, s := range c.Status {
			add("status.", s)
		}
		for _, s := range c.Stats {
			add("stat.", s.Name)
		}
		for _, s := range c.Counters {
			add("counter.", s.Name)
		}
		for _, k := range c.Keywords {
			add("keyword.", k)
		}
	})
	return out
}

// eachCard calls f on every card of a view, attachments included.
func eachCard(v *engine.View, f func(*engine.CardView)) {
	var walk func(cs []engine.CardView)
	walk = func(cs []engine.CardView) {
		for i := range cs {
			f(&cs[i])
			walk(cs[i].Attached)
		}
	}
	for _, z := range v.Shared {
		walk(z.Cards)
	}
	for _, p := range v.Players {
		for _, z := range p.Zones {
			walk(z.Cards)
		}
	}
}

// CheckReference checks g's rules reference: every language has one,
// every rule has a title and a text and an id of the game's digest
// (RulesID-n.n), ids are not repeated, the glossary explains every term,
// and every rule of digestRules and every rule a variant cites is there,
// so that a page can link it.
func CheckReference(t *testing.T, g engine.Game, digestRules []string) {
	t.Helper()
	r, ok := g.(engine.Referencer)
	if !ok {
		t.Fatalf("%s has no rules reference: it implements no engine.Referencer", g.Info().Name)
	}
	prefix := g.Info().RulesID + "-"
	for _, l := range i18n.Langs {
		ref := r.Reference(l)
		if ref == nil || len(ref.RuleIDs()) == 0 || len(ref.Glossary) == 0 {
			t.Errorf("%s: no rules or no glossary", l)
			continue
		}
		seen := map[string]bool{}
		for _, s := range ref.Sections {
			for _, rule := range s.Rules {
				if !strings.HasPrefix(rule.ID, prefix) || seen[rule.ID] || rule.Title == "" || rule.Text == "" {
					t.Errorf("%s rule %q: want a new id starting %q with a title and a text", l, rule.ID, prefix)
				}
				seen[rule.ID] = true
			}
		}
		for _, term := range ref.Glossary {
			if term.Term == "" || term.Text == "" {
				t.Errorf("%s glossary: %q has no explanation", l, term.Term)
			}
		}
	}
	ids := r.Reference(i18n.EN).RuleIDs()
	for _, id := range digestRules {
		if !slices.Contains(ids, id) {
			t.Errorf("the reference has no rule %s", id)
		}
	}
	for _, v := range g.Info().Variants {
		for _, id := range strings.FieldsFunc(v.Rule, func(r rune) bool { return r == ',' || r == ' ' }) {
			if !slices.Contains(ids, id) {
				t.Errorf("variant %s cites %s, which the reference lacks", v.Key, id)
			}
		}
	}
}

package microlife

import (
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/enginetest"
)

// cardFiles are the shipped files; defaultCatalog is the shipped catalog
// and presets its starter decks.
var (
	cardFiles      = gameFiles
	defaultCatalog = Game{}.catalog()
	presets        = Game{}.Presets()
)

// buildCatalog loads the card files given (name -> YAML) instead of the
// shipped ones, with no presets; names is what the files are called.
func buildCatalog(names []string, files map[string][]byte) (*catalog, error) {
	given := make(map[string][]byte, len(names))
	for _, n := range names {
		given[n] = files[n]
	}
	c, err := cardpool.LoadFiles(cardRules, given)
	if err != nil {
		return nil, err
	}
	return c.Pool(), nil
}

// Every shipped card file validates against the published schema.
func TestShippedCardsMatchSchema(t *testing.T) {
	cardSchema, err := engine.CompileSchema("schema.json", Game{}.CardSchema())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"cards/starter.yaml", "cards/market.yaml", "cards/mutations.yaml"} {
		if ps := cardSchema.Validate(n, mustRead(t, n)); len(ps) > 0 {
			t.Errorf("%s: %v", n, ps)
		}
	}
	if len((Game{}).Cards()) != len(defaultCatalog.defs) {
		t.Errorf("Cards() lists %d of %d cards", len((Game{}).Cards()), len(defaultCatalog.defs))
	}
}

// Broken card files give errors with file, line, card, what and fix.
func TestBrokenCards(t *testing.T) {
	starter := mustRead(t, "cards/starter.yaml")
	market := mustRead(t, "cards/market.yaml")
	cases := []struct {
		name, yaml string
		want       []string
	}{
		{"unknown field", "cards:\n  - name: X\n    type: erreger\n    power: 3\n",
			[]string{"bad.yaml:4", "X ($.cards[0].power): unknown field", "fix: see the card schema (kartenwerk schema microlife)"}},
		{"bad type (the game's check, before the schema's)", "cards:\n  - {name: X, type: monster, cost: 1}\n",
			[]string{"bad.yaml:2", `X: unknown card type "monster"`, "use one of immun, erreger"}},
		{"duplicate name", "cards:\n  - {name: Haut, type: aktion, cost: 1}\n",
			[]string{"bad.yaml:2", "Haut", "the name is used by another card", "fix: give every card its own name"}},
		{"missing subtype", "cards:\n  - {name: X, type: erreger, cost: 1, stats: 1/1}\n",
			[]string{"bad.yaml:2", "X: an entity needs a subtype", "fix: add subtype"}},
		{"system pathogen", "cards:\n  - name: X\n    type: erreger\n    subtype: system\n    cost: 1\n    stats: 1/1\n",
			[]string{"bad.yaml:4", "X: System is an Immun subtype only"}},
		{"zero resistance", "cards:\n  - name: X\n    type: immun\n    subtype: virus\n    cost: 1\n    stats: 1/0\n",
			[]string{"bad.yaml:6", "X: an entity needs Widerstand 1 or more"}},
		{"unsigned modifier", "cards:\n  - name: M\n    type: mutation\n    stats: 1/0\n",
			[]string{"bad.yaml:4", "M: modifier", "needs a sign"}},
		{"unknown keyword", "cards:\n  - name: X\n    type: erreger\n    subtype: virus\n    cost: 1\n    stats: 1/1\n    keywords: [Flying]\n",
			[]string{"bad.yaml:7", "X: unknown keyword \"Flying\"", "fix: use Fieber"}},
		{"dangling invasiv", "cards:\n  - name: X\n    type: erreger\n    subtype: virus\n    cost: 1\n    stats: 1/1\n    keywords: [Invasiv (Nobody)]\n",
			[]string{"bad.yaml:7", "\"nobody\" is not a type, subtype or card name"}},
		{"missing target", "cards:\n  - name: X\n    type: aktion\n    cost: 1\n    abilities:\n      - {when: play, do: damage, n: 2}\n",
			[]string{"bad.yaml:6", "X: effect damage needs a target", "fix: add target"}},
		{"defender outside attack", "cards:\n  - name: X\n    type: aktion\n    cost: 1\n    abilities:\n      - {when: play, do: toxin, target: defender}\n",
			[]string{"bad.yaml:6", "target defender exists only in attack triggers"}},
		{"k above n", "cards:\n  - name: X\n    type: aktion\n    cost: 1\n    abilities:\n      - {when: play, do: mutate, k: 3, n: 2, target: own}\n",
			[]string{"bad.yaml:6", "mutate needs 1 <= k <= n"}},
		{"cost on a trigger", "cards:\n  - name: X\n    type: aktion\n    cost: 1\n    abilities:\n      - {when: play, cost: 2, do: draw}\n",
			[]string{"bad.yaml:6", "only activated abilities have a cost"}},
		{"hunter pathogen", "cards:\n  - name: X\n    type: erreger\n    subtype: virus\n    cost: 1\n    stats: 1/1\n    keywords: [Kann Erreger angreifen]\n",
			[]string{"bad.yaml:7", "only Immun cards can be given the ability"}},
		{"no cost", "cards:\n  - name: X\n    type: aktion\n",
			[]string{"bad.yaml:2", "X: the card has no cost", "fix: add cost"}},
		{"cost above 20", "cards:\n  - {name: X, type: aktion, cost: 21}\n", []string{"X: cost 21 is out of range 0..20"}},
		{"unknown subtype", "cards:\n  - {name: X, type: erreger, subtype: prion, cost: 1, stats: 1/1}\n", []string{`X: unknown subtype "prion"`}},
		{"subtype of an action", "cards:\n  - {name: X, type: aktion, subtype: virus, cost: 1}\n", []string{"X: only Immun and Erreger cards have a subtype"}},
		{"swap of an action", "cards:\n  - {name: X, type: aktion, cost: 1, swap: true}\n", []string{"X: only mutations can swap"}},
		{"stats of an action", "cards:\n  - {name: X, type: aktion, cost: 1, stats: 1/1}\n", []string{"X: only entities and mutations have stats"}},
		{"supply with copies", "cards:\n  - {name: X, type: aktion, cost: 1, supply: true, copies: 2}\n", []string{"X: a basic supply card is not in the main deck"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := buildCatalog([]string{"starter.yaml", "market.yaml", "bad.yaml"},
				map[string][]byte{"starter.yaml": starter, "market.yaml": market, "bad.yaml": []byte(c.yaml)})
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
	// Without the basic supply cards the catalog is refused.
	if _, err := buildCatalog([]string{"m.yaml"}, map[string][]byte{"m.yaml": market}); err == nil || !strings.Contains(err.Error(), "Haut is missing") {
		t.Errorf("missing Haut: %v", err)
	}
}

// ML-8.1: decks are the fixed starter; a deck list is checked entry by entry.
func TestDeckValidation_ML_8_1(t *testing.T) {
	for _, d := range (Game{}).Presets() {
		if ps := (Game{}).ValidateDeck(d); len(ps) > 0 {
			t.Errorf("preset %s: %v", d.Name, ps)
		}
	}
	text := "1 Haut\n2 Nobody\n1 Geißel\nplay:\n1 E.Coli\nextra:\n1 Labor\n"
	d, err := engine.ParseDeckList("bad.txt", "bad", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	ps := (Game{}).ValidateDeck(d)
	want := []string{
		"bad.txt:2: Nobody: no such card",
		"bad.txt:3: Geißel: a mutation card belongs to the mutation deck",
		"bad.txt:5: E.Coli: only Dauer cards can be in play from the start (ML-3.3)",
		"bad.txt:7: Labor: unknown section \"extra\"",
		"bad.txt: bad: the starter deck has 4 cards, it must have 8 (ML-3.2)",
	}
	got := engine.Problems(ps).Error()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("problems %q lack %q", got, w)
		}
	}
	if len(ps) != len(want) {
		t.Errorf("%d problems, want %d: %v", len(ps), len(want), got)
	}
	// ML-2.12, ML-3.2, ML-3.3: every kind speaks German and Czech too.
	enginetest.CheckProblemLanguages(t, words, ps)
	// New refuses illegal decks with the same problems, and accepts presets.
	if _, err := (Game{}).New(engine.Setup{Game: "microlife", Seats: 2, Decks: []engine.DeckList{d, d}}); err == nil || !strings.Contains(err.Error(), "no such card") {
		t.Errorf("New with a bad deck: %v", err)
	}
	p := presets[0]
	if _, err := (Game{}).New(engine.Setup{Game: "microlife", Seats: 2, Decks: []engine.DeckList{p, p}}); err != nil {
		t.Errorf("New with the presets: %v", err)
	}
	if _, err := (Game{}).New(engine.Setup{Game: "microlife", Seats: 2, Decks: []engine.DeckList{p}}); err == nil {
		t.Errorf("New with one deck for two players was accepted")
	}
}

// A game without decks copies the catalog's laid-out table; it must be the
// game that laying out the preset decks card by card gives.
func TestTableIsThePresetDeal(t *testing.T) {
	p := presets[0]
	for seed := uint64(1); seed <= 20; seed++ {
		a, err := (Game{}).New(engine.Setup{Game: "microlife", Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		b, err := (Game{}).New(engine.Setup{Game: "microlife", Seats: 2, Seed: seed, Decks: []engine.DeckList{p, p}})
		if err != nil {
			t.Fatal(err)
		}
		if a.Hash() != b.Hash() {
			t.Fatalf("seed %d: the copied table and the laid-out decks differ", seed)
		}
	}
}

// Variants are checked by name and option.
func TestVariantErrors(t *testing.T) {
	_, err := (Game{}).New(engine.Setup{Game: "microlife", Seats: 2, Variant: map[string]string{"shield": "sometimes"}})
	if err == nil || !strings.Contains(err.Error(), "choose one of tapped, untapped") {
		t.Errorf("bad option: %v", err)
	}
	_, err = (Game{}).New(engine.Setup{Game: "microlife", Seats: 2, Variant: map[string]string{"speed": "fast"}})
	if err == nil || !strings.Contains(err.Error(), "unknown variant") {
		t.Errorf("bad key: %v", err)
	}
	for _, v := range variants {
		if !strings.HasPrefix(v.Rule, "ML-10.") || v.Doc == "" {
			t.Errorf("variant %s lacks its rule or doc", v.Key)
		}
	}
}

// Rules text is generated from the data.
func TestCardText(t *testing.T) {
	want := map[string]string{
		"Tetanus":            "Pathogen – Bacterium, 1/2, costs 3 sugar. Spore former, Toxin. When attacking: Toxin: put 1 poison counter on the defender.",
		"Mutation/Selektion": "Ongoing, costs 0 sugar. 2 sugar: Mutation 1 of 2 on an entity you control.",
		"Inversion":          "Mutation, +0/+0. Swaps attack and resistance (in the order attached).",
		"Zecke":              "Pathogen – Parasite, 1/1, costs 2 sugar. Vector. When played: (optional) Vector",
	}
	for _, ci := range (Game{}).Cards() {
		if w, ok := want[ci.Name]; ok && !strings.HasPrefix(ci.Text, w) {
			t.Errorf("%s: text %q, want %q", ci.Name, ci.Text, w)
		}
	}
}

// Positions with unknown names are refused with what is wrong.
func TestPositionErrors(t *testing.T) {
	pos := engine.Position{Phase: "lunch", Seats: []engine.SeatPosition{
		{Zones: map[string][]engine.CardSpec{"hand": {{Card: "Nobody"}}, "attic": nil}, Counters: map[string]int{"gold": 1}},
		{},
	}}
	_, err := Game{}.FromPosition(engine.Setup{Game: "microlife", Seats: 2}, pos)
	for _, w := range []string{"unknown phase \"lunch\"", "Nobody: no such card", "unknown zone \"attic\"", "unknown counter \"gold\""} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v lacks %q", err, w)
		}
	}
}

// Extra card files add cards and replace shipped ones by name.
func TestWithCards(t *testing.T) {
	fsys := fstest.MapFS{
		"mine.yaml": {Data: []byte("cards:\n" +
			"  - {name: Haut, type: immun, subtype: system, cost: 3, stats: 0/3, supply: true}\n" +
			"  - {name: Prion, type: erreger, subtype: virus, cost: 5, stats: 4/4, copies: 3}\n")},
	}
	g, err := Game{}.WithCards(fsys)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]engine.CardInfo{}
	for _, ci := range g.Cards() {
		found[ci.Name] = ci
	}
	if found["Haut"].Cost != "3" || found["Prion"].Name == "" || found["E.Coli"].Name == "" {
		t.Errorf("cards after WithCards: Haut %+v, Prion %+v", found["Haut"], found["Prion"])
	}
	s, err := g.New(engine.Setup{Game: "microlife", Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.(*state).cat.market); n != len(defaultCatalog.market)+3 {
		t.Errorf("main deck has %d cards with 3 Prions added", n)
	}
	enginetest.RandomGames(t, g, enginetest.Options{Games: 20, Setup: benchSetup, Invariants: invariants})
	if len((Game{}).Cards()) != len(defaultCatalog.infos) {
		t.Errorf("WithCards changed the shipped game")
	}
	bad := fstest.MapFS{"bad.yaml": {Data: []byte("cards:\n  - {name: Prion, type: erreger, subtype: virus, cost: 5, stats: 4/x}\n")}}
	if _, err := (Game{}).WithCards(bad); err == nil || !strings.Contains(err.Error(), "bad.yaml:2") {
		t.Errorf("a broken extra file: %v", err)
	}
}

// Without decks each seat plays a preset chosen by engine.DefaultPreset,
// so that a batch of seeds meets every ordered pairing, mirrors included.
func TestDefaultDecksMeetEveryPairing(t *testing.T) {
	two := *Game{}.catalog() // a copy: the shipped catalog stays as it is
	second := two.presets[0]
	second.Name = "Starter B"
	two.presets = []engine.DeckList{two.presets[0], second}
	two.table = nil // the shipped table is laid for the shipped preset only
	pairs := map[[2]string]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		s, err := newState(&two, engine.Setup{Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.decks(engine.Setup{Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		pairs[[2]string{d[0].Name, d[1].Name}]++
	}
	if len(pairs) != 4 {
		t.Errorf("40 seeds met the pairings %v, want all 4", pairs)
	}
	for p, n := range pairs {
		if n != 10 {
			t.Errorf("pairing %v came up %d times in 40 seeds, want 10", p, n)
		}
	}
}

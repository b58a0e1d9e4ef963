package mysticelements

import (
	"reflect"
	"slices"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

func cardIn(t *testing.T, l i18n.Lang, name string) engine.CardInfo {
	t.Helper()
	for _, c := range (Game{}).CardsIn(l) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no card %s", name)
	return engine.CardInfo{}
}

// cardID finds the card so named in s.
func cardID(t *testing.T, s *state, name string) int16 {
	t.Helper()
	for id := int16(1); id < s.ncards; id++ {
		if s.def(id).Name == name {
			return id
		}
	}
	t.Fatalf("no card %s", name)
	return 0
}

// A card's rules text per language, generated from its data (ME-10.U1),
// the Czech in the rulebook's words (tvor, čár, kouzlo, vyčerpej, pleň).
func TestCardText_ME_10_U1(t *testing.T) {
	cases := []struct {
		lang       i18n.Lang
		card, want string
	}{
		{i18n.EN, "Fireball", "When played: deal 3 damage to target unit or player."},
		{i18n.DE, "Fireball", "Beim Ausspielen: triff eine Einheit oder einen Spieler mit 3 Schaden."},
		{i18n.CS, "Fireball", "Při vyložení: zraňte tvora nebo hráče za 3."},
		{i18n.EN, "Covet", "When played: steal (and convert) target enemy brown unit or relic."},
		{i18n.DE, "Covet", "Beim Ausspielen: stiehl (und bekehre) eine gegnerische braune Einheit oder ein gegnerisches braunes Relikt."},
		{i18n.CS, "Covet", "Při vyložení: ukradněte (a převeďte) nepřátelského hnědého tvora nebo nepřátelskou hnědou relikvii."},
		{i18n.EN, "Grave Rat", "When played: your opponent discards 1 card."},
		{i18n.DE, "Grave Rat", "Beim Ausspielen: lass deinen Gegner 1 Karte ablegen."},
		{i18n.CS, "Grave Rat", "Při vyložení: nechte soupeře odhodit 1 kartu."},
		{i18n.CS, "Petrify", "Hraje se na nehnědého tvora (s variantou „Cíle čárů: jak je natištěno“ jen na nepřátelského nehnědého tvora). Očarovaný tvor získá -3/+0. Při vyložení: vyčerpejte očarovaného tvora."},
	}
	for _, c := range cases {
		if got := cardIn(t, c.lang, c.card).Text; got != c.want {
			t.Errorf("%s %s:\n got %q\nwant %q", c.lang, c.card, got, c.want)
		}
	}
	if got := cardIn(t, i18n.CS, "Lightbringer"); got.Kind != "Tvor" || got.Group != "Žlutá" || got.Cost != "2 Žlutá + 1 libovolná" || !slices.Equal(got.Keywords, []string{"UŽIJ"}) {
		t.Errorf("Czech kind, colour, cost and keywords: %+v", got)
	}
}

// table is a small position: p1's Wolf Pack and a Fireball it cannot pay
// for, p2's Crag Watcher and one card left in its deck.
func table(t *testing.T) *state {
	t.Helper()
	pos := engine.Position{Active: 0, Round: 9, Seats: []engine.SeatPosition{
		{Zones: map[string][]engine.CardSpec{
			"hand":   {{Card: "Fireball"}},
			"battle": {{Card: "Wolf Pack"}}},
			Counters: map[string]int{"energy.red": 2}},
		{Zones: map[string][]engine.CardSpec{"battle": {{Card: "Crag Watcher"}}, "deck": {{Card: "Tailwind"}}}}}}
	es, err := Game{}.FromPosition(engine.Setup{Game: "mysticelements"}, pos)
	if err != nil {
		t.Fatal(err)
	}
	return es.(*state)
}

// Buttons in the mover's first person and log lines naming the actor
// (ME-5.3: a ready unit attacks).
func TestSay_ME_5_3(t *testing.T) {
	s := table(t)
	attack := engine.Action{Verb: vAttack, Args: [engine.MaxArgs]int16{cardID(t, s, "Wolf Pack"), cardID(t, s, "Crag Watcher")}}
	end := engine.Action{Verb: vEnd}
	cases := []struct {
		lang        i18n.Lang
		a           engine.Action
		button, log string
	}{
		{i18n.EN, attack, "Attack Crag Watcher with Wolf Pack", "Anna attacks Crag Watcher with Wolf Pack"},
		{i18n.DE, attack, "Mit Wolf Pack Crag Watcher angreifen", "Anna greift mit Wolf Pack Crag Watcher an"},
		{i18n.CS, attack, "Zaútočit na Crag Watcher (Wolf Pack)", "Anna útočí na Crag Watcher (Wolf Pack)"},
		{i18n.EN, end, "End my play step", "Anna ends the play step"},
		{i18n.DE, end, "Ausspielen beenden", "Anna beendet das Ausspielen"},
		{i18n.CS, end, "Ukončit vykládání", "Anna končí vykládání"},
	}
	for _, c := range cases {
		w := engine.Words{Lang: c.lang, Names: []string{"Anna", "Ben"}}
		if got := s.Say(c.a, 0, engine.Button, w); got != c.button {
			t.Errorf("%s button: got %q, want %q", c.lang, got, c.button)
		}
		if got := s.Say(c.a, engine.NoSeat, engine.Log, w); got != c.log {
			t.Errorf("%s log: got %q, want %q", c.lang, got, c.log)
		}
	}
	play := engine.Action{Verb: vPlay, Args: [engine.MaxArgs]int16{cardID(t, s, "Fireball")}}
	if got := s.Say(play, 1, engine.Log, engine.Words{Lang: i18n.CS}); got != "Hráč 1 vykládá skrytou kartu" {
		t.Errorf("a card from p1's hand is named to p2: %q", got)
	}
}

// The prompt in every language, and a refusal in the reader's language
// (ME-5.1: a card is played only when its cost can be paid).
func TestPromptAndRefusal_ME_5_1(t *testing.T) {
	s := table(t)
	prompts := map[i18n.Lang]string{
		i18n.EN: "Play cards from your hand, use abilities, attack, or end the play step",
		i18n.DE: "Spiele Karten aus deiner Hand, nutze Fähigkeiten, greife an oder beende das Ausspielen",
		i18n.CS: "Vykládejte karty z ruky, používejte schopnosti, útočte, nebo ukončete vykládání",
	}
	checkPrompts(t, s, prompts)
	err := s.Apply(engine.Action{Verb: vPlay, Args: [engine.MaxArgs]int16{cardID(t, s, "Fireball")}})
	refusals := map[i18n.Lang]string{
		i18n.EN: "Fireball costs 3 Red, more energy than you have (ME-5.1).",
		i18n.DE: "Fireball kostet 3 Rot, mehr Energie, als du hast (ME-5.1).",
		i18n.CS: "Fireball stojí 3 Červená, víc energie, než máte (ME-5.1).",
	}
	for l, want := range refusals {
		if got := engine.ErrorIn(err, l); got != want {
			t.Errorf("%s refusal: got %q, want %q", l, got, want)
		}
	}
}

// ME-7.2: a player who must draw from an empty deck loses; the
// explanation says so and what each side had left.
func TestExplain_ME_7_2(t *testing.T) {
	s := table(t)
	for i := 0; i < 30 && s.phase != phOver; i++ {
		legal := s.Legal(nil)
		if err := s.Apply(legal[len(legal)-1]); err != nil {
			t.Fatal(err)
		}
	}
	want := map[i18n.Lang][]string{
		i18n.EN: {"Ben wins.", "Anna had to draw from an empty deck (ME-7.2).", "Anna: 0 cards left in the deck, 0 in the deep grave, units in the battle: 1.", "Ben: 1 card left in the deck, 0 in the deep grave, units in the battle: 1."},
		i18n.DE: {"Ben gewinnt.", "Anna musste von einem leeren Deck ziehen (ME-7.2).", "Anna: 0 Karten im Deck übrig, 0 im tiefen Grab, Einheiten in der Schlacht: 1.", "Ben: 1 Karte im Deck übrig, 0 im tiefen Grab, Einheiten in der Schlacht: 1."},
		i18n.CS: {"Ben vítězí.", "Anna musel(a) dobírat z prázdného balíčku (ME-7.2).", "Anna: v balíčku zbývá 0 karet, v hlubokém hrobu 0, tvorů v bitvě 1.", "Ben: v balíčku zbývá 1 karta, v hlubokém hrobu 0, tvorů v bitvě 1."},
	}
	for l, lines := range want {
		if got := s.Explain(engine.Words{Lang: l, Names: []string{"Anna", "Ben"}}); !slices.Equal(got, lines) {
			t.Errorf("%s:\n got %q\nwant %q", l, got, lines)
		}
	}
}

// A target prompt says where the cards it asks for are: units and relics
// in the battle (ME-5.2: Ember Totem's USE picks an enemy unit).
func TestTargetPrompt_ME_5_2(t *testing.T) {
	pos := engine.Position{Active: 0, Round: 9, Seats: []engine.SeatPosition{
		{Zones: map[string][]engine.CardSpec{"battle": {{Card: "Ember Totem"}}}},
		{Zones: map[string][]engine.CardSpec{"battle": {{Card: "Crag Watcher"}, {Card: "Wolf Pack"}}}}}}
	es, err := Game{}.FromPosition(engine.Setup{Game: "mysticelements"}, pos)
	if err != nil {
		t.Fatal(err)
	}
	s := es.(*state)
	if err := s.Apply(engine.Action{Verb: vUse, Args: [engine.MaxArgs]int16{cardID(t, s, "Ember Totem")}}); err != nil {
		t.Fatal(err)
	}
	want := map[i18n.Lang]string{
		i18n.EN: "Ember Totem: choose target enemy unit in the battle",
		i18n.DE: "Ember Totem: wähle eine gegnerische Einheit in der Schlacht",
		i18n.CS: "Ember Totem: zvolte v bitvě nepřátelského tvora",
	}
	checkPrompts(t, s, want)
}

// checkPrompts compares p1's prompt in each language with want.
func checkPrompts(t *testing.T, s *state, want map[i18n.Lang]string) {
	t.Helper()
	for l, w := range want {
		if got := engine.Localized(s, 0, engine.Words{Lang: l}).Prompt; got != w {
			t.Errorf("%s prompt: got %q, want %q", l, got, w)
		}
	}
}

// LocalView, which a server calls on every move, is exactly View put into
// words by Localize, for every seat and the spectators, in random games in
// every language: built in memory of its own, and built in one room that
// every view before it used too (engine.ViewRoom).
func TestLocalViewIsTheLocalizedView(t *testing.T) {
	var room engine.ViewRoom
	for seed := uint64(1); seed <= 6; seed++ {
		st, err := Game{}.New(engine.Setup{Game: "mysticelements", Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed)
		var legal []engine.Action
		for move := 0; move < 300; move++ {
			if done, _ := st.Terminal(); done {
				break
			}
			for _, l := range i18n.Langs {
				w := engine.Words{Lang: l, Names: []string{"Anna", ""}}
				for _, v := range []engine.Seat{0, 1, engine.NoSeat} {
					want := st.View(v)
					st.(engine.StateSpeaker).Localize(want, w)
					for _, keep := range []*engine.ViewRoom{nil, &room} {
						if got := st.(engine.LocalViewer).LocalView(v, w, keep); !reflect.DeepEqual(got, want) {
							t.Fatalf("seed %d move %d %v in %v (room %v): LocalView\n%+v\nwant\n%+v", seed, move, v, l, keep != nil, got, want)
						}
					}
				}
			}
			legal = st.Legal(legal[:0])
			if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

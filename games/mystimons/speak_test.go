package mystimons

import (
	"slices"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

func cardIn(t *testing.T, l i18n.Lang, name string) engine.CardInfo {
	t.Helper()
	for _, c := range New().CardsIn(l) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no card %s", name)
	return engine.CardInfo{}
}

// A card's rules text per language, generated from its data (MM-5.2: a
// ★★★★ stage 4 says its HP drain; MM-10.U5: effects by the card's words).
func TestCardText(t *testing.T) {
	cases := []struct {
		lang       i18n.Lang
		card, want string
	}{
		{i18n.EN, "Embrix", "Stage 1. Basic Attack Ember Bite (free). Spark (1 pool energy): +3 ATK for this attack, the target Burns."},
		{i18n.DE, "Embrix", "Stufe 1. Basis-Angriff Ember Bite (kostenlos). Spark (1 Pool-Energie): +3 ATK für diesen Angriff, das Ziel brennt."},
		{i18n.CS, "Embrix", "Stupeň 1. Základní útok Ember Bite (zdarma). Spark (1 energie ze zásoby): +3 ÚTOK pro tento útok, cíl hoří."},
		{i18n.EN, "Pyrathor", "Stage 4 (Tank path): evolves from Magmorus with 7 attached energy. Fusion grade ★★★★, HP drain active! (-5 HP in each of its owner's End Phases). Basic Attack Volcanic Crush (free). Eruption (7 pool energy): +25 ATK for this attack, 15 damage to each opposing Bench MystiMon, once per game."},
		{i18n.DE, "Pyrathor", "Stufe 4 (Tank-Pfad): entwickelt sich aus Magmorus mit 7 angelegten Energien. Fusionsgrad ★★★★, HP-Drain aktiv! (-5 HP in jeder End Phase seines Besitzers). Basis-Angriff Volcanic Crush (kostenlos). Eruption (7 Pool-Energie): +25 ATK für diesen Angriff, 15 Schaden an jedem gegnerischen MystiMon auf der Bank, einmal pro Spiel."},
		{i18n.EN, "Volcanic Caldera", "Terrain, for both players: Fire MystiMons +4 ATK."},
		{i18n.DE, "Volcanic Caldera", "Terrain, für beide Spieler: MystiMons vom Element Feuer +4 ATK."},
		{i18n.CS, "Volcanic Caldera", "Terén pro oba hráče: MystiMoni živlu Oheň +4 ÚTOK."},
		// An action's text is a sentence, begun with a capital, and tells
		// the player what to do, as every effect does (MM-10.U5).
		{i18n.EN, "Potion", "Heal one of your MystiMons 30 HP, remove its statuses."},
		{i18n.DE, "Potion", "Heile einen deiner MystiMons um 30 HP, entferne seine Zustände."},
		{i18n.CS, "Potion", "Vyléčte jednomu ze svých MystiMonů 30 HP, odstraňte jeho stavy."},
		{i18n.EN, "Field Wipe", "Discard the Terrain and every relic in play."},
		{i18n.DE, "Field Wipe", "Lege das Terrain und alle Relikte im Spiel ab."},
		{i18n.CS, "Field Wipe", "Odhoďte terén a všechny relikvie ve hře."},
		// MM-2.8: an attached relic's effects are said of the MystiMon bearing it.
		{i18n.EN, "Evolution Stone", "Attach to one of your MystiMons without a relic: it evolves with 1 less attached energy."},
		{i18n.DE, "Evolution Stone", "An einen deiner MystiMons ohne Relikt anlegen: er entwickelt sich mit 1 angelegter Energie weniger."},
		{i18n.CS, "Evolution Stone", "Připojte k jednomu ze svých MystiMonů bez relikvie: k vývoji potřebuje o 1 méně připojené energie."},
		{i18n.EN, "Attack Boost", "Attach to one of your MystiMons without a relic: it gets +5 ATK."},
		{i18n.DE, "Attack Boost", "An einen deiner MystiMons ohne Relikt anlegen: er erhält +5 ATK."},
		{i18n.CS, "Attack Boost", "Připojte k jednomu ze svých MystiMonů bez relikvie: získá +5 ÚTOK."},
	}
	for _, c := range cases {
		if got := cardIn(t, c.lang, c.card).Text; got != c.want {
			t.Errorf("%s %s:\n got %q\nwant %q", c.lang, c.card, got, c.want)
		}
	}
	if got := cardIn(t, i18n.DE, "Pyrathor"); got.Kind != "MystiMon" || got.Group != "Feuer" || !slices.Equal(got.Keywords, []string{"Tank-Pfad"}) {
		t.Errorf("German kind, element and path: %+v", got)
	}
	if got := New().Cards(); got[0].Text != New().CardsIn(i18n.EN)[0].Text {
		t.Errorf("Cards() is not the English text: %q", got[0].Text)
	}
}

// Buttons in the mover's first person and log lines naming the actor, in
// every language, with the damage MM-5.8's formula gives.
func TestSay(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Bubblit, counters: {energy: 1}}]\n      hand: [Flaru]", "active: [Embrix]"))
	attack := act(vAttack, 0, id(t, s, "Embrix"))
	end := act(vEnd, 0, 0)
	cases := []struct {
		lang        i18n.Lang
		a           engine.Action
		button, log string
	}{
		{i18n.EN, attack, "Attack Embrix with Bubblit: Bubble (Basic Attack), 12 damage", "Anna attacks Embrix with Bubblit: Bubble (Basic Attack), 12 damage"},
		{i18n.DE, attack, "Mit Bubblit Embrix angreifen: Bubble (Basis-Angriff), 12 Schaden", "Anna greift mit Bubblit Embrix an: Bubble (Basis-Angriff), 12 Schaden"},
		{i18n.CS, attack, "Zaútočit na Embrix (Bubblit): Bubble (základní útok), zranění 12", "Anna útočí na Embrix (Bubblit): Bubble (základní útok), zranění 12"},
		{i18n.EN, end, "End my turn", "Anna ends the turn"},
		{i18n.DE, end, "Zug beenden", "Anna beendet den Zug"},
		{i18n.CS, end, "Ukončit tah", "Anna končí tah"},
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
}

// MM-3.5: a MystiMon placed in secret stays unnamed in the other seat's
// log, in every language; its owner's button names it.
func TestSaySecretPlacement_MM_3_5(t *testing.T) {
	st, err := New().New(engine.Setup{Game: "mystimons", Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	a := s.Legal(nil)[0]
	name := s.def(a.Args[0]).name
	want := map[i18n.Lang]string{i18n.EN: "Player 1 places a MystiMon face down", i18n.DE: "Spieler 1 legt einen MystiMon verdeckt", i18n.CS: "Hráč 1 pokládá MystiMona lícem dolů"}
	for l, log := range want {
		if got := s.Say(a, 1, engine.Log, engine.Words{Lang: l}); got != log {
			t.Errorf("%s: got %q, want %q", l, got, log)
		}
	}
	if got := s.Say(a, 0, engine.Button, engine.Words{Lang: i18n.DE}); got != name+" verdeckt als Aktiv legen" {
		t.Errorf("German button %q", got)
	}
}

// The prompt says what is asked and where the cards are; refusals come in
// the reader's language (MM-5.1: only a Stage 1 MystiMon is summoned).
func TestPromptAndRefusal_MM_5_1(t *testing.T) {
	s := pos(t, "", duel("active: [Bubblit]\n      hand: [Flaru]", "active: [Embrix]"))
	prompts := map[i18n.Lang]string{
		i18n.EN: "Main Phase: summon, evolve and play cards from your hand, switch, then attack or end your turn",
		i18n.DE: "Hauptphase: beschwöre, entwickle und spiele Karten aus deiner Hand, wechsle, dann greife an oder beende deinen Zug",
		i18n.CS: "Hlavní fáze: vyvolávejte, vyvíjejte a hrajte karty z ruky, střídejte, pak zaútočte nebo ukončete tah",
	}
	for l, want := range prompts {
		if got := engine.Localized(s, 0, engine.Words{Lang: l}).Prompt; got != want {
			t.Errorf("%s prompt: got %q, want %q", l, got, want)
		}
	}
	err := s.Apply(act(vSummon, id(t, s, "Flaru"), 0))
	refusals := map[i18n.Lang]string{
		i18n.EN: "Flaru is not a Stage 1 MystiMon in your hand (MM-5.1).",
		i18n.DE: "Flaru ist kein MystiMon der Stufe 1 in deiner Hand (MM-5.1).",
		i18n.CS: "Flaru není MystiMon stupně 1 ve vaší ruce (MM-5.1).",
	}
	for l, want := range refusals {
		if got := engine.ErrorIn(err, l); got != want {
			t.Errorf("%s refusal: got %q, want %q", l, got, want)
		}
	}
}

// MM-7.3: a surrender ends the game; the explanation says who won, why,
// and what each side had left.
func TestExplain_MM_7_3(t *testing.T) {
	s := pos(t, "", duel("active: [Bubblit]", "active: [Embrix]"))
	do(t, s, "surrender")
	want := map[i18n.Lang][]string{
		i18n.EN: {"Ben wins.", "Anna surrendered (MM-7.3).", "Anna: 1 MystiMon in play, 0 in the discard pile, 4 left in the deck.", "Ben: 1 MystiMon in play, 0 in the discard pile, 4 left in the deck.", "0 MystiMons were knocked out in this game."},
		i18n.DE: {"Ben gewinnt.", "Anna hat aufgegeben (MM-7.3).", "Anna: 1 MystiMon im Spiel, 0 auf dem Ablagestapel, 4 im Deck übrig.", "Ben: 1 MystiMon im Spiel, 0 auf dem Ablagestapel, 4 im Deck übrig.", "In diesem Spiel wurden 0 MystiMons KO geschlagen."},
		i18n.CS: {"Ben vítězí.", "Anna se vzdal(a) (MM-7.3).", "Anna: 1 MystiMon ve hře, 0 v odhazovacím balíčku, 4 zbývá v balíčku.", "Ben: 1 MystiMon ve hře, 0 v odhazovacím balíčku, 4 zbývá v balíčku.", "V této hře bylo vyřazeno 0 MystiMonů."},
	}
	for l, lines := range want {
		if got := s.Explain(engine.Words{Lang: l, Names: []string{"Anna", "Ben"}}); !slices.Equal(got, lines) {
			t.Errorf("%s:\n got %q\nwant %q", l, got, lines)
		}
	}
}

// MM-6.5: every evolution path of the shipped cards (Speed/Tank,
// Offense/Defense) has a word in every language, so that a card's path
// reads "Defense-Pfad" or "Cesta obrany" on the table and in the deck
// builder, not the card file's "defense".
func TestEveryShippedPathHasAWord(t *testing.T) {
	p := New().pool
	seen := 0
	for i := range p.defs {
		path := p.defs[i].path
		if path == "" {
			continue
		}
		seen++
		if !words.Has("keyword." + path) {
			t.Errorf("%s's path %q has no word: add keyword.%s to the messages", p.defs[i].name, path, path)
		}
	}
	if seen == 0 {
		t.Fatal("no shipped card has a path")
	}
}

// MM-2.8: a designer's attached relic of several effects, one for an
// element only, says each of the MystiMon bearing it, in every language.
func TestAttachedRelicTextSpeaksOfItsBearer_MM_2_8(t *testing.T) {
	g := withCards(t, New(), fstest.MapFS{"relic.yaml": {Data: []byte(`cards:
  - {name: Ember Crown, kind: relic, cost: 3, attach: true, effect: "atk +4 fire, def +2"}
`)}})
	want := map[i18n.Lang]string{
		i18n.EN: "Attach to one of your MystiMons without a relic: it gets +4 ATK if its element is Fire, it gets +2 DEF.",
		i18n.DE: "An einen deiner MystiMons ohne Relikt anlegen: er erhält +4 ATK, wenn sein Element Feuer ist, er erhält +2 DEF.",
		i18n.CS: "Připojte k jednomu ze svých MystiMonů bez relikvie: získá +4 ÚTOK, je-li živlu Oheň, získá +2 OBRANA.",
	}
	for l, w := range want {
		c, ok := cardInfo(g.CardsIn(l), "Ember Crown")
		if !ok {
			t.Fatal("no card Ember Crown")
		}
		if c.Text != w {
			t.Errorf("%s:\n got %q\nwant %q", l, c.Text, w)
		}
	}
}

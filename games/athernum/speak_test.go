package athernum

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
	"kartenwerk/games/internal/wording"
)

// TestLanguages puts every card, action, view and result of a few random
// games (2 to 4 seats, mixed variants) into German, English and Czech.
func TestLanguages(t *testing.T) {
	enginetest.CheckLanguages(t, theGame, mixedSetup, 6)
}

func anna(l i18n.Lang) engine.Words {
	return engine.Words{Lang: l, Names: []string{"Anna", "Ben"}}
}

func cardText(t *testing.T, l i18n.Lang, name string) string {
	t.Helper()
	for _, c := range theGame.CardsIn(l) {
		if c.Name == name {
			return c.Text
		}
	}
	t.Fatalf("no card %s", name)
	return ""
}

func TestCardTextIn(t *testing.T) {
	cases := []struct {
		card string
		l    i18n.Lang
		want string
	}{
		// AT-6.4: an activated ability with its costs.
		{"Flame Adept", i18n.EN, "Activated — pay 1 resource, exhaust this: put 2 damage on target opposing character."},
		{"Flame Adept", i18n.DE, "Aktiviert — zahle 1 Ressource, erschöpfe diese Karte: lege 2 Schaden auf einen gegnerischen Charakter deiner Wahl."},
		{"Flame Adept", i18n.CS, "Aktivovaná — zaplaťte 1 zdroj, vyčerpejte tuto kartu: položte na soupeřovu postavu podle svého výběru zranění 2."},
		// AT-6.6: a Support ability pays its fee from the hand.
		{"Spark Courier", i18n.EN, "Support — discard this from your hand and pay a fee of 1 resource: draw 2 cards."},
		{"Spark Courier", i18n.DE, "Support — wirf diese Karte aus deiner Hand ab und zahle eine Gebühr von 1 Ressource: ziehe 2 Karten."},
		{"Spark Courier", i18n.CS, "Podpora — odhoďte tuto kartu z ruky a zaplaťte poplatek 1 zdroj: lízněte si 2 karty."},
		// AT-6.1: a static ability over a group of characters.
		{"Ember Warlord", i18n.EN, "Static: your characters get +1 OFV."},
		{"Ember Warlord", i18n.DE, "Statisch: deine Charaktere erhalten +1 OFV."},
		{"Ember Warlord", i18n.CS, "Statická: vaše postavy dostávají +1 OFV."},
	}
	for _, c := range cases {
		if got := cardText(t, c.l, c.card); got != c.want {
			t.Errorf("%s in %s:\n got %q\nwant %q", c.card, c.l, got, c.want)
		}
	}
	if en, cards := theGame.CardsIn(i18n.EN), theGame.Cards(); en[0].Text != cards[0].Text {
		t.Errorf("Cards() is not the English text: %q", cards[0].Text)
	}
}

func TestSayButtonsAndLog(t *testing.T) {
	s := table(t, nil, `
active: p1
turn: 2
seats:
  - zones: {main: [Ember Warlord], characters: [Cinder Scout], hand: [Hidden Snare]}
  - zones: {main: [Tide Sovereign]}
`)
	attack := s.act(t, "attack {Cinder Scout} {Tide Sovereign}")
	down := s.act(t, "attach {Hidden Snare} {Ember Warlord} down")
	end := s.act(t, "endday")
	resource := s.act(t, "resource ember")
	use := s.act(t, "activate {Tide Sovereign} a1 c0 c0")
	cases := []struct {
		a      engine.Action
		viewer engine.Seat
		form   engine.Form
		l      i18n.Lang
		want   string
	}{
		{end, 0, engine.Button, i18n.EN, "End my Day"},
		{end, 0, engine.Button, i18n.DE, "Tag beenden"},
		{end, 0, engine.Button, i18n.CS, "Ukončit svůj den"},
		{end, engine.NoSeat, engine.Log, i18n.DE, "Anna beendet den Tag"},
		// AT-5.13: an attack names attacker and target.
		{attack, 0, engine.Button, i18n.EN, "Attack Tide Sovereign with Cinder Scout"},
		{attack, 0, engine.Button, i18n.DE, "Mit Cinder Scout Tide Sovereign angreifen"},
		{attack, 0, engine.Button, i18n.CS, "Zaútočit kartou Cinder Scout na Tide Sovereign"},
		{attack, engine.NoSeat, engine.Log, i18n.EN, "Anna attacks Tide Sovereign with Cinder Scout"},
		{attack, engine.NoSeat, engine.Log, i18n.CS, "Anna útočí kartou Cinder Scout na Tide Sovereign"},
		// AT-5.5: a face-down item stays unnamed for everyone but its owner.
		{down, 1, engine.Log, i18n.EN, "Anna attaches a hidden card face down to Ember Warlord"},
		{down, 1, engine.Log, i18n.DE, "Anna legt eine verborgene Karte verdeckt an Ember Warlord an"},
		{down, 1, engine.Log, i18n.CS, "Anna připojuje skrytou kartu lícem dolů ke kartě Ember Warlord"},
		{down, 0, engine.Button, i18n.DE, "Hidden Snare verdeckt an Ember Warlord anlegen"},
		// AT-5.2: a resource of the main character's faction, named without
		// an article that the faction's first sound decides.
		{resource, 0, engine.Button, i18n.EN, "Make one Ember resource (1 command token)"},
		{resource, engine.NoSeat, engine.Log, i18n.EN, "Anna makes one Ember resource"},
		{resource, 0, engine.Button, i18n.DE, "Ressource der Fraktion Glut erzeugen (1 Befehlsmarke)"},
		{resource, engine.NoSeat, engine.Log, i18n.DE, "Anna erzeugt eine Ressource der Fraktion Glut"},
		{resource, 0, engine.Button, i18n.CS, "Vytvořit zdroj frakce Žár (1 rozkazový žeton)"},
		{resource, engine.NoSeat, engine.Log, i18n.CS, "Anna vytváří zdroj frakce Žár"},
		// AT-5.7: an ability is used, where "Activate the activated ability" said its kind twice.
		{use, 0, engine.Button, i18n.EN, "Use the activated ability of Tide Sovereign"},
		{use, engine.NoSeat, engine.Log, i18n.DE, "Anna nutzt die aktivierte Fähigkeit von Tide Sovereign"},
		{use, engine.NoSeat, engine.Log, i18n.CS, "Anna používá aktivovanou schopnost karty Tide Sovereign"},
	}
	for _, c := range cases {
		if got := s.Say(c.a, c.viewer, c.form, anna(c.l)); got != c.want {
			t.Errorf("%s %v for %v:\n got %q\nwant %q", c.l, codec.Format(c.a), c.viewer, got, c.want)
		}
	}
}

// mainsOnly is a 2-player table in turn n with a main character each.
func mainsOnly(t *testing.T, n int) *State {
	t.Helper()
	return table(t, nil, fmt.Sprintf(`
active: p1
turn: %d
seats:
  - zones: {main: [Ember Warlord]}
  - zones: {main: [Tide Sovereign]}
`, n))
}

func TestLocalizePromptAndNotes(t *testing.T) {
	s := mainsOnly(t, 2)
	cases := []struct {
		l            i18n.Lang
		viewer       engine.Seat
		prompt, note string
	}{
		{i18n.EN, 0, "Your Day: play cards from your hand, use your cards' abilities, or end the Day (AT-4.2)", "Turn order: Anna, Ben"},
		{i18n.DE, 0, "Dein Tag: spiele Karten aus deiner Hand aus, nutze die Fähigkeiten deiner Karten oder beende den Tag (AT-4.2)", "Zugreihenfolge: Anna, Ben"},
		{i18n.CS, 1, "Čeká se na: Anna.", "Pořadí tahů: Anna, Ben"},
	}
	for _, c := range cases {
		v := engine.Localized(s, c.viewer, anna(c.l))
		if v.Prompt != c.prompt {
			t.Errorf("%s prompt %q, want %q", c.l, v.Prompt, c.prompt)
		}
		if !strings.Contains(strings.Join(v.Notes, "\n"), c.note) {
			t.Errorf("%s notes %q lack %q", c.l, v.Notes, c.note)
		}
	}
}

func TestExplainSuperiority(t *testing.T) {
	// AT-5.3, AT-7.2: claiming the eighth VP puts p1 beyond p2's 3 VP
	// plus everything left in the pool.
	s := table(t, nil, nearSuperiority)
	s.do(t, "claim")
	want := map[i18n.Lang][]string{
		i18n.EN: {"Anna wins.", "One player holds more VP than any opponent could still reach with the whole pool (AT-7.2).",
			"Anna's 8 VP exceed every opponent's VP plus the 4 VP in the pool.", "Anna: 8 VP", "Ben: 3 VP", "4 VP were left in the pool."},
		i18n.DE: {"Anna gewinnt.", "Ein Spieler hält mehr Siegpunkte, als jeder Gegner selbst mit dem ganzen Pool noch erreichen könnte (AT-7.2).",
			"Die 8 Siegpunkte von Anna übersteigen die jedes Gegners samt den 4 Siegpunkten im Pool.", "Anna: 8 Siegpunkte", "Ben: 3 Siegpunkte", "Im Pool blieben 4 Siegpunkte."},
		i18n.CS: {"Anna vítězí.", "Jeden hráč má víc vítězných bodů, než může kterýkoli soupeř získat i s celým fondem (AT-7.2).",
			"Anna: vítězné body 8, víc než má kterýkoli soupeř i s body ve fondu (4).", "Anna: 8 vítězných bodů", "Ben: 3 vítězné body", "Ve fondu zůstaly 4 vítězné body."},
	}
	for l, lines := range want {
		got := s.Explain(anna(l))
		if len(got) < len(lines) || !slices.Equal(got[:len(lines)], lines) {
			t.Errorf("%s:\n got %q\nwant %q", l, got, lines)
		}
	}
}

func TestRefusalsInLanguages(t *testing.T) {
	// AT-4.3: no combat in the first turn; the refusal keeps its words.
	s := table(t, nil, `
active: p1
turn: 1
seats:
  - zones: {main: [Ember Warlord], characters: [Cinder Scout]}
  - zones: {main: [Tide Sovereign]}
`)
	err := s.Apply(s.act(t, "combat"))
	var words *i18n.Error
	if !errors.As(err, &words) || words.Key != "refuse.combat_first" {
		t.Fatalf("combat in turn 1: %v, want refuse.combat_first", err)
	}
	want := map[i18n.Lang]string{
		i18n.EN: "combat: no combat in the first turn of the game (AT-4.3, AT-10.13)",
		i18n.DE: "combat: im ersten Zug des Spiels gibt es keinen Kampf (AT-4.3, AT-10.13)",
		i18n.CS: "combat: v prvním tahu hry se nebojuje (AT-4.3, AT-10.13)",
	}
	for l, text := range want {
		if got := engine.ErrorIn(err, l); got != text {
			t.Errorf("%s: %q, want %q", l, got, text)
		}
	}
}

// TestSayHidesWhatDescribeHides plays random games and checks that every
// log line and button names exactly the cards Describe names for the same
// viewer (AT-2.2, AT-5.5, AT-5.21).
func TestSayHidesWhatDescribeHides(t *testing.T) {
	wording.CheckSayHides(t, theGame, mixedSetup, 4)
}

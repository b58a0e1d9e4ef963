package zynalith

import (
	"errors"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
	"kartenwerk/games/internal/wording"
)

// TestLanguages puts every card, action, view and result of a few random
// games (2 to 6 seats, mixed variants) into German, English and Czech.
func TestLanguages(t *testing.T) {
	enginetest.CheckLanguages(t, Game{}, mixedSetup, 6)
}

func names(l i18n.Lang) engine.Words {
	return engine.Words{Lang: l, Names: []string{"Anna", "Ben"}}
}

func TestCardTextIn(t *testing.T) {
	cases := []struct {
		card string
		l    i18n.Lang
		want string
	}{
		// ZY-6.4: Tod fires after the creature died.
		{"Märtyrer", i18n.EN, "Death: deal 2 damage to each opponent."},
		{"Märtyrer", i18n.DE, "Tod: füge jedem Gegner 2 Schaden zu."},
		{"Märtyrer", i18n.CS, "Smrt: způsob každému soupeři zranění 2."},
		// ZY-6.12, ZY-6.14: effect keywords.
		{"Sturmreiter", i18n.EN, "Charge, Pierce."},
		{"Sturmreiter", i18n.DE, "Sturmangriff, Durchschlag."},
		{"Sturmreiter", i18n.CS, "Zteč, Průraz."},
		// ZY-6.10: Gier fires on acquiring a card of 12 Silver or more.
		{"Schatzdrache", i18n.EN, "Greed: +1 Zynalith for you. Acquiring it fires Greed."},
		{"Schatzdrache", i18n.DE, "Gier: +1 Zynalith für dich. Ihr Erwerb löst Gier aus."},
		{"Schatzdrache", i18n.CS, "Chamtivost: Zynalith +1 pro vás. Její získání spustí Chamtivost."},
	}
	for _, c := range cases {
		got := ""
		for _, ci := range (Game{}).CardsIn(c.l) {
			if ci.Name == c.card {
				got = ci.Text
			}
		}
		if got != c.want {
			t.Errorf("%s in %s:\n got %q\nwant %q", c.card, c.l, got, c.want)
		}
	}
}

func TestSayButtonsAndLog(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Kurzschwert"), cards("Grubenwurm"), nil), seatPos(nil, nil, nil)}}, nil)
	end := engine.Act(vEnd)
	blind := engine.Act(vBlind, 1)
	do(t, s, "main play")
	attach, _ := codec.Parse(expand(t, s, "attach {Kurzschwert} {Grubenwurm}"))
	cases := []struct {
		a      engine.Action
		viewer engine.Seat
		form   engine.Form
		l      i18n.Lang
		want   string
	}{
		{end, 0, engine.Button, i18n.EN, "End my turn"},
		{end, 0, engine.Button, i18n.DE, "Zug beenden"},
		{end, 0, engine.Button, i18n.CS, "Ukončit tah"},
		{end, engine.NoSeat, engine.Log, i18n.EN, "Anna ends the turn"},
		// ZY-5.1: a blind take names no card.
		{blind, engine.NoSeat, engine.Log, i18n.DE, "Anna nimmt die oberste Karte des Zusatzkarten-Stapels blind"},
		// ZY-5.2, ZY-5.10: an extra attached from the hand is shown to all.
		{attach, 0, engine.Button, i18n.EN, "Attach Kurzschwert to Grubenwurm"},
		{attach, 1, engine.Log, i18n.DE, "Anna legt Kurzschwert an Grubenwurm an"},
		{attach, 1, engine.Log, i18n.CS, "Anna připojuje Kurzschwert ke kartě Grubenwurm"},
	}
	for _, c := range cases {
		if got := s.Say(c.a, c.viewer, c.form, names(c.l)); got != c.want {
			t.Errorf("%s %v for %v:\n got %q\nwant %q", c.l, codec.Format(c.a), c.viewer, got, c.want)
		}
	}
}

func TestLocalizePrompt(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Kurzschwert"), cards("Grubenwurm"), nil), seatPos(nil, nil, nil)}}, nil)
	do(t, s, "main play")
	want := map[i18n.Lang]string{
		i18n.EN: "Choose the card to play from your hand or the market (ZY-5.2)",
		i18n.DE: "Wähle die Karte, die du aus deiner Hand oder der Auslage ausspielst (ZY-5.2)",
		i18n.CS: "Vyberte kartu, kterou zahrajete z ruky nebo z nabídky (ZY-5.2)",
	}
	for l, prompt := range want {
		if v := engine.Localized(s, 0, names(l)); v.Prompt != prompt {
			t.Errorf("%s: %q, want %q", l, v.Prompt, prompt)
		}
	}
	if v := engine.Localized(s, 1, names(i18n.DE)); v.Prompt != "Warte auf Anna." {
		t.Errorf("p2 reads %q", v.Prompt)
	}
}

func TestExplainScoreFormula(t *testing.T) {
	// ZY-7.3: printed VP + VP from effects + Zynalith + Silver / 10.
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(nil, cards("Steinkoloss"), map[string]int{counterSilver: 25, counterZyn: 3, counterVP: 1}),
		seatPos(nil, cards("Grubenwurm"), map[string]int{counterSilver: 4}),
	}}, nil)
	s.winners = engine.SeatSet(0).With(0)
	s.over("points")
	want := map[i18n.Lang]string{
		i18n.EN: "Anna: 8 VP = 2 printed + 1 from effects + 3 Zynalith + 2 for 25 Silver (ZY-7.3); 30 HP",
		i18n.DE: "Anna: 8 Siegpunkte = 2 aufgedruckt + 1 durch Effekte + 3 Zynalith + 2 für 25 Silber (ZY-7.3); 30 HP",
		i18n.CS: "Anna: vítězné body 8 = 2 vytištěné + 1 z efektů + 3 Zynalith + 2 za stříbro 25 (ZY-7.3); HP 30",
	}
	for l, line := range want {
		lines := s.Explain(names(l))
		if len(lines) < 4 || lines[2] != line {
			t.Errorf("%s: %q, want %q third", l, lines, line)
		}
	}
}

func TestRefusalsInLanguages(t *testing.T) {
	// ZY-3.4: in the draft only pick and blind are allowed.
	s := build(t, draftPosition(), nil)
	err := s.Apply(engine.Act(vMain, 0))
	var refusal *i18n.Error
	if !errors.As(err, &refusal) || refusal.Key != "refuse.draft" {
		t.Fatalf("main in the draft: %v, want refuse.draft", err)
	}
	want := map[i18n.Lang]string{
		i18n.EN: "main take: in the draft each player takes one card, with pick CARD or blind STACK (ZY-3.4)",
		i18n.DE: "main take: in der Startauswahl nimmt jeder Spieler eine Karte, mit pick KARTE oder blind STAPEL (ZY-3.4)",
		i18n.CS: "main take: v úvodním výběru si každý hráč bere jednu kartu, pomocí pick KARTA nebo blind BALÍČEK (ZY-3.4)",
	}
	for l, text := range want {
		if got := engine.ErrorIn(err, l); got != text {
			t.Errorf("%s: %q, want %q", l, got, text)
		}
	}
}

func TestDraftNote(t *testing.T) {
	// ZY-3.4: the draft comes before round 1, so it names no round.
	s := build(t, draftPosition(), nil)
	v := engine.Localized(s, 0, names(i18n.EN))
	if len(v.Notes) == 0 || v.Notes[len(v.Notes)-1] != "Draft before round 1: each player takes 5 cards (ZY-3.4)." {
		t.Errorf("draft notes %q", v.Notes)
	}
}

// TestSayHidesWhatDescribeHides plays random games and checks that every
// log line and button names exactly the cards Describe names for the same
// viewer (ZY-2.5, ZY-10.U6).
func TestSayHidesWhatDescribeHides(t *testing.T) {
	wording.CheckSayHides(t, Game{}, mixedSetup, 4)
}

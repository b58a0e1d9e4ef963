package microlife

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// Every card, action, view and result reads in German, English and
// Czech, with no missing key and no word of another language.
func TestLanguages(t *testing.T) { enginetest.CheckLanguages(t, Game{}, randomSetup, 8) }

// byLang is one text in each language.
type byLang map[i18n.Lang]string

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

// Card text is generated from the data in each language; names stay as
// printed.
func TestCardTextIn(t *testing.T) {
	cases := []struct {
		card string
		want byLang
	}{
		{"Tetanus", byLang{ // Beim Angriff -> Toxin (ML-6.3, ML-6.12), Sporenbildner (ML-6.18)
			i18n.EN: "Pathogen – Bacterium, 1/2, costs 3 sugar. Spore former, Toxin. When attacking: Toxin: put 1 poison counter on the defender. 2 copies in the main deck.",
			i18n.DE: "Erreger – Bakterium, 1/2, kostet 3 Zucker. Sporenbildner, Toxin. Beim Angriff -> Toxin: lege 1 Giftmarker auf den Verteidiger. 2 Exemplare im Hauptdeck.",
			i18n.CS: "Patogen – Bakterie, 1/2, stojí 3 cukry. Tvorba spor, Toxin. Při útoku: Toxin: položte 1 žeton jedu na obránce. 2 kusy v hlavním balíčku.",
		}},
		{"Mutation/Selektion", byLang{ // Mutation K aus N (ML-5.11), activated abilities (ML-6.4)
			i18n.EN: "Ongoing, costs 0 sugar. 2 sugar: Mutation 1 of 2 on an entity you control.",
			i18n.DE: "Dauer, kostet 0 Zucker. 2 Zucker: Mutation 1 aus 2 auf eine Entität, die du kontrollierst.",
			i18n.CS: "Trvalá, stojí 0 cukrů. 2 cukry: Mutace 1 z 2 na entitu, kterou ovládáte.",
		}},
		{"Labor", byLang{
			i18n.EN: "Ongoing, costs 3 sugar. 1 sugar, tap: draw a card. 1 copy in the main deck.",
			i18n.DE: "Dauer, kostet 3 Zucker. 1 Zucker, tappen: ziehe eine Karte. 1 Exemplar im Hauptdeck.",
			i18n.CS: "Trvalá, stojí 3 cukry. 1 cukr, tapněte: lízněte si 1 kartu. 1 kus v hlavním balíčku.",
		}},
	}
	for _, c := range cases {
		for l, want := range c.want {
			if got := cardIn(t, l, c.card).Text; got != want {
				t.Errorf("%s in %s:\n got %q\nwant %q", c.card, l, got, want)
			}
		}
	}
	masern := cardIn(t, i18n.DE, "Masernvirus")
	if !slices.Equal(masern.Keywords, []string{"Mutabilität", "Invasiv (Haut)"}) || masern.Kind != "Erreger – Virus" || masern.Group != "Hauptdeck" {
		t.Errorf("Masernvirus in German: kind %q, group %q, keywords %q", masern.Kind, masern.Group, masern.Keywords)
	}
}

// combatTable is p1's combat phase: E.Coli may attack Haut (ML-5.6a) or,
// with p2's only Immun card tapped, still not p2 (ML-10.2).
func combatTable(t *testing.T) *state {
	t.Helper()
	st, err := Game{}.FromPosition(engine.Setup{Game: "microlife", Seats: 2}, engine.Position{Active: 0, Phase: "combat",
		Seats: []engine.SeatPosition{
			{Zones: map[string][]engine.CardSpec{"play": {{Card: "E.Coli", ID: 1}}}},
			{Zones: map[string][]engine.CardSpec{"play": {{Card: "Haut", ID: 2}}}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// Buttons are the mover's own words, log lines name the mover.
func TestSay(t *testing.T) {
	s := combatTable(t)
	attack, next := act(vAttack, 1, 2), act(vNext)
	cases := []struct {
		a    engine.Action
		form engine.Form
		want byLang
	}{
		{attack, engine.Button, byLang{i18n.EN: "Attack Haut with E.Coli", i18n.DE: "Mit E.Coli Haut angreifen", i18n.CS: "Zaútočit kartou E.Coli na Haut"}},
		{attack, engine.Log, byLang{i18n.EN: "Anna attacks Haut with E.Coli", i18n.DE: "Anna greift mit E.Coli Haut an", i18n.CS: "Anna útočí kartou E.Coli na Haut"}},
		{next, engine.Button, byLang{i18n.EN: "End combat", i18n.DE: "Kampfphase beenden", i18n.CS: "Ukončit boj"}},
	}
	for _, c := range cases {
		for l, want := range c.want {
			if got := s.Say(c.a, 0, c.form, engine.Words{Lang: l, Names: []string{"Anna", "Ben"}}); got != want {
				t.Errorf("%s form %d: %q, want %q", l, c.form, got, want)
			}
		}
	}
	s.phase = pMain2
	if got := s.Say(next, 0, engine.Button, engine.Words{Lang: i18n.DE}); got != "Zug beenden" {
		t.Errorf("ending main 2 reads %q, want Zug beenden", got)
	}
	if got := s.Say(next, 1, engine.Log, engine.Words{Lang: i18n.EN}); got != "Player 1 ends the turn" {
		t.Errorf("an unnamed seat reads %q", got)
	}
}

// A hand card the viewer has not seen stays unnamed in every language,
// as Describe keeps it.
func TestSayKeepsHiddenCards(t *testing.T) {
	s := newGame(t, engine.Setup{Seed: 4, First: 1})
	c := s.seats[0].zones[zHand-1][0]
	name := s.def(c).name
	for _, l := range i18n.Langs {
		got := s.Say(act(vBuy, c), 1, engine.Log, engine.Words{Lang: l})
		if strings.Contains(got, name) || !strings.Contains(got, words.T(l, "word.hidden")) {
			t.Errorf("%s: p2 reads %q about p1's unseen %s", l, got, name)
		}
	}
}

// The prompt says what is asked and where the cards are; the others
// read whom they wait for.
func TestPromptIn(t *testing.T) {
	s := newGame(t, engine.Setup{Seed: 4, First: 1})
	s.dec = decision{kind: dVector, seat: 0}
	cases := []struct {
		viewer engine.Seat
		want   byLang
	}{
		{0, byLang{ // ML-6.13
			i18n.EN: "Vector: choose a card from your hand to discard (ML-6.13)",
			i18n.DE: "Vektor: Wähle eine Karte aus deiner Hand, die du abwirfst (ML-6.13)",
			i18n.CS: "Vektor: vyberte kartu z ruky, kterou odhodíte (ML-6.13)",
		}},
		{1, byLang{i18n.EN: "Waiting for Anna", i18n.DE: "Warten auf Anna", i18n.CS: "Čeká se na: Anna"}},
	}
	for _, c := range cases {
		for l, want := range c.want {
			v := engine.Localized(s, c.viewer, engine.Words{Lang: l, Names: []string{"Anna"}})
			if v.Prompt != want {
				t.Errorf("%s for %v: %q, want %q", l, c.viewer, v.Prompt, want)
			}
		}
	}
}

// The result is explained per player in life (ML-7.1).
func TestExplain(t *testing.T) {
	s := combatTable(t)
	s.seats[0].life = 4
	s.finishWithLife(1, 0)
	want := byLang{
		i18n.EN: "Ben fell to 0 life and loses (ML-7.1)|Anna wins.|Anna: 4 life|Ben: 0 life",
		i18n.DE: "Ben fiel auf 0 Lebenspunkte und verliert (ML-7.1)|Anna gewinnt.|Anna: 4 Lebenspunkte|Ben: 0 Lebenspunkte",
		i18n.CS: "Ben má 0 životů, a proto prohrává (ML-7.1)|Anna vítězí.|Anna: 4 životy|Ben: 0 životů",
	}
	for l, w := range want {
		lines := s.Explain(engine.Words{Lang: l, Names: []string{"Anna", "Ben"}})
		if got := strings.Join(lines[:4], "|"); got != w {
			t.Errorf("%s: %q, want %q", l, got, w)
		}
	}
	v := engine.Localized(s, 0, engine.Words{Lang: i18n.DE, Names: []string{"Anna", "Ben"}})
	if v.Result.Reason != "Ben hat keine Lebenspunkte mehr (ML-7.1)" {
		t.Errorf("German reason %q", v.Result.Reason)
	}
}

// finishWithLife sets seat p's life and lets the game end as the rules
// end it (ML-7).
func (s *state) finishWithLife(p int8, life int) {
	s.seats[p].life = life
	s.checkEnd()
}

// Refusals keep their words for the reader's language (ML-10.2).
func TestRefusalWords(t *testing.T) {
	s := combatTable(t)
	err := s.Apply(act(vAttackPlayer, 1, 1))
	if _, ok := errors.AsType[*i18n.Error](err); !ok {
		t.Fatalf("refusal %v carries no words", err)
	}
	want := byLang{
		i18n.EN: "only a pathogen attacks a player, and only when no Immune card protects them; tapped Immune cards protect too (ML-5.6b, ML-10.2)",
		i18n.DE: "nur ein Erreger greift einen Spieler an, und nur, wenn ihn keine Immunkarte schützt; auch getappte Immunkarten schützen (ML-5.6b, ML-10.2)",
		i18n.CS: "hráče napadá jen patogen, a jen když ho nechrání žádná imunitní karta; chrání i tapnuté imunitní karty (ML-5.6b, ML-10.2)",
	}
	for l, w := range want {
		if got := engine.ErrorIn(err, l); got != w {
			t.Errorf("%s: %q, want %q", l, got, w)
		}
	}
	if !strings.HasPrefix(err.Error(), "attackplayer c1 p2: ") {
		t.Errorf("the English refusal %q does not name the action", err)
	}
}

// Views carry keyword keys that pages look up (keyword.<key>); the
// parameter of Invasiv (ML-6.6) and the merged entity a part belongs to
// (ML-6.14) are in the card's note, in the reader's language.
func TestCardNotesIn(t *testing.T) {
	st, err := Game{}.FromPosition(engine.Setup{Game: "microlife", Seats: 2}, engine.Position{Active: 0, Phase: "main1",
		Seats: []engine.SeatPosition{
			{Zones: map[string][]engine.CardSpec{"play": {{Card: "Masernvirus", ID: 1}, {Card: "Candida", ID: 2}, {Card: "Candida", ID: 3}}}},
			{},
		}})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		id   int
		keys []string
		want byLang
	}{
		{1, []string{"mutability", "invasive"}, byLang{i18n.EN: "Invasive (Haut)", i18n.DE: "Invasiv (Haut)", i18n.CS: "Invazivní (Haut)"}},
		{3, []string{"growing-together"}, byLang{i18n.EN: "Part of the merged entity Candida", i18n.DE: "Teil der zusammengewachsenen Entität Candida", i18n.CS: "Součást srostlé entity Candida"}},
	}
	for l := range cases[0].want {
		v := engine.Localized(st, 1, engine.Words{Lang: l})
		for _, c := range cases {
			cv := findCard(v, c.id)
			if cv == nil {
				t.Fatalf("card %d is not in the view", c.id)
			}
			if !slices.Equal(cv.Keywords, c.keys) || cv.Note != c.want[l] {
				t.Errorf("%s card %d: keywords %q, note %q; want %q, %q", l, c.id, cv.Keywords, cv.Note, c.keys, c.want[l])
			}
		}
	}
}

func findCard(v *engine.View, id int) *engine.CardView {
	for _, p := range v.Players {
		for _, z := range p.Zones {
			for i := range z.Cards {
				if z.Cards[i].ID == id {
					return &z.Cards[i]
				}
			}
		}
	}
	return nil
}

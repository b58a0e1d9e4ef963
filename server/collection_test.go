package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// registerCodes registers the run's codes from..to-1 to b.
func (e *codesEnv) registerCodes(b *browser, from, to int) {
	e.t.Helper()
	for _, c := range e.run.Codes[from:to] {
		b.expect(http.StatusCreated, "POST", "/api/codes/register", CodeEntry{c.String()})
	}
}

func collectionOf(t *testing.T, b *browser, query string) CollectionView {
	t.Helper()
	_, raw := b.expect(http.StatusOK, "GET", "/api/collection"+query, nil)
	var v CollectionView
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatalf("collection %s: %v", raw, err)
	}
	return v
}

func TestCollectionFiltersAndPoolShares(t *testing.T) {
	e := newCodesEnv(t, 3)
	alice := e.player("alice")
	e.registerCodes(alice, 0, 3)
	cases := []struct {
		query string
		cards int
	}{
		{"", 1},
		{"?game=athernum", 1},
		{"?game=mystimons", 0},
		{"?name=ember", 1},
		{"?name=EMBER+f", 1},
		{"?name=drake", 0},
		{"?kind=nosuchkind", 0},
		{"?group=nosuchgroup", 0},
	}
	for _, c := range cases {
		v := collectionOf(t, alice, c.query)
		if len(v.Cards) != c.cards {
			t.Errorf("collection%s: %d printings, want %d", c.query, len(v.Cards), c.cards)
		}
		if len(v.Cards) == 1 && v.Cards[0].Count != 3 {
			t.Errorf("collection%s: %+v, want 3 copies", c.query, v.Cards[0])
		}
	}
	// Ember Fox is no card of Athernum's pool: it counts as no share of it.
	for _, s := range collectionOf(t, alice, "").Shares {
		if s.Pool == 0 || s.Owned != 0 || s.Share != 0 {
			t.Errorf("share of %s: %+v, want a pool and nothing of it owned", s.Game, s)
		}
	}
	if got := len(collectionOf(t, alice, "?game=zynalith").Shares); got != 1 {
		t.Errorf("shares filtered to one game: %d, want 1", got)
	}
}

func TestCollectionShareCountsCardsOfThePool(t *testing.T) {
	e := newAccountEnv(t, nil)
	g, _ := e.srv.games.lookup("athernum")
	pool := g.Cards()
	entries := []CollectionEntry{
		{CardPrinting{"athernum", pool[0].Name, "first"}, 2},
		{CardPrinting{"athernum", strings.ToUpper(pool[0].Name), "second"}, 1}, // one card, two printings
		{CardPrinting{"athernum", pool[1].Name, "first"}, 1},
		{CardPrinting{"athernum", "No Such Card", "first"}, 1},
	}
	v := e.srv.collectionView(entries, collectionFilter{game: "athernum"}, i18n.DE)
	want := PoolShare{Game: "athernum", Name: g.Info().Name, Owned: 2, Pool: len(pool), Share: 2 / float64(len(pool))}
	if len(v.Shares) != 1 || v.Shares[0] != want {
		t.Errorf("shares %+v, want %+v", v.Shares, want)
	}
	german := g.(engine.Speaker).CardsIn(i18n.DE)
	if c := v.Cards[0]; c.Kind != german[0].Kind || c.Group != german[0].Group || c.GameName != g.Info().Name {
		t.Errorf("card %+v, want the game's name and the pool's kind %q and group %q in German", c, german[0].Kind, german[0].Group)
	}
	// A filter names a kind by its id or in the reader's words.
	for _, kind := range []string{strings.ToUpper(pool[1].Kind), german[1].Kind} {
		kept := e.srv.collectionView(entries, collectionFilter{kind: clean(kind)}, i18n.DE).Cards
		if len(kept) == 0 {
			t.Errorf("filtered by kind %q: nothing kept", kind)
		}
		for _, c := range kept {
			if c.Kind != german[1].Kind {
				t.Errorf("filtered by kind %q: %+v", kind, c)
			}
		}
	}
}

// TestPhysicalCardsOnly: under the "physical cards only" rule a deck is
// legal only if its account owns every copy it lists; one copy more
// than owned is refused, naming the card and both counts.
func TestPhysicalCardsOnly(t *testing.T) {
	e := newCodesEnv(t, 3)
	alice := e.player("alice")
	e.registerCodes(alice, 0, 2)
	owner := e.accountID("alice")
	cases := []struct {
		name, list string
		want       []string // a problem's words each; none: legal
	}{
		{"as many as owned", "2 Ember Fox", nil},
		{"fewer than owned", "1 ember fox", nil},
		{"one more than owned", "3 Ember Fox", []string{"Ember Fox", "lists 3 copies of this card", "you own 2", "register 1 more copy of Ember Fox"}},
		{"spread over sections", "2 Ember Fox\nextra:\n1 Ember Fox", []string{"lists 3 copies of this card", "you own 2"}},
		{"a card not owned", "2 Ember Fox\n1 Sky Whale", []string{"Sky Whale", "lists 1 copy of this card", "you own 0"}},
	}
	for _, c := range cases {
		d, err := engine.ParseDeckList("deck", "d", strings.NewReader(c.list))
		if err != nil {
			t.Fatal(err)
		}
		ps, err := e.srv.checkOwned(t.Context(), owner, "athernum", d)
		if err != nil {
			t.Fatal(err)
		}
		if (len(ps) == 0) != (c.want == nil) || len(ps) > 1 {
			t.Errorf("%s: problems %v, want %v", c.name, ps, c.want)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(ps[0].Error(), w) {
				t.Errorf("%s: %q does not say %q", c.name, ps[0].Error(), w)
			}
		}
	}
	// Another game's cards of the same name do not count.
	d, _ := engine.ParseDeckList("deck", "d", strings.NewReader("1 Ember Fox"))
	if ps, _ := e.srv.checkOwned(t.Context(), owner, "mystimons", d); len(ps) != 1 {
		t.Errorf("athernum cards counted for mystimons: %v", ps)
	}
	_, raw := alice.expect(http.StatusOK, "POST", "/api/decks/owned", DeckListRequest{Game: "athernum", List: "3 Ember Fox"})
	if !strings.Contains(raw, `"ok":false`) || !strings.Contains(raw, "you own 2") {
		t.Errorf("POST /api/decks/owned: %s", raw)
	}
}

// accountID is the store's id of the account with this username.
func (e *accountEnv) accountID(username string) string {
	e.t.Helper()
	acc, err := e.srv.acct.store.AccountByName(e.t.Context(), username)
	if err != nil {
		e.t.Fatal(err)
	}
	return acc.ID
}

// TestRankedQueueTakesPhysicalCardsOnly: with --ranked-physical a player
// queues only with a deck every copy of which their account registered.
func TestRankedQueueTakesPhysicalCardsOnly(t *testing.T) {
	e := newCodesEnv(t, 3)
	alice := e.player("alice")
	e.registerCodes(alice, 0, 2)
	e.srv.cfg.Ranked.PhysicalOnly = true
	res, raw := alice.do("POST", "/api/ranked/athernum/queue", DeckRequest{Preset: "Ember Assault"})
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "takes physical cards only") || !strings.Contains(raw, "you own 0") {
		t.Fatalf("queueing with cards not owned: %d %s", res.StatusCode, raw)
	}
	alice.header.Set("Accept-Language", "de")
	if res, raw := alice.do("POST", "/api/ranked/athernum/queue", DeckRequest{Preset: "Ember Assault"}); res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "Die Ranglistenspiele lassen nur echte Karten zu") {
		t.Fatalf("queueing with cards not owned, in German: %d %s", res.StatusCode, raw)
	}
	alice.header.Del("Accept-Language")
	d, _ := engine.ParseDeckList("deck", "d", strings.NewReader("2 Ember Fox"))
	if err := e.srv.ownsRankedDeck(t.Context(), e.accountID("alice"), "athernum", d); err != nil {
		t.Errorf("a deck of owned cards: %v", err)
	}
	e.srv.cfg.Ranked.PhysicalOnly = false
	alice.expect(http.StatusCreated, "POST", "/api/ranked/athernum/queue", DeckRequest{Preset: "Ember Assault"})
}

// TestTournamentTakesPhysicalCardsOnly: an organiser may require decks of
// registered cards; a deck of cards the player does not own is refused at
// registration, each card short named.
func TestTournamentTakesPhysicalCardsOnly(t *testing.T) {
	e := newCodesEnv(t, 3)
	org := e.player("orga")
	if err := e.store.(TournamentStore).SetOrganiser(t.Context(), "orga", true); err != nil {
		t.Fatal(err)
	}
	create := func(physical bool) string {
		_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Paper night", Game: "athernum",
			Format: FormatSwiss, Rounds: 1, PhysicalOnly: physical})
		var v TournamentView
		if err := json.Unmarshal([]byte(raw), &v); err != nil {
			t.Fatal(err)
		}
		return v.ID
	}
	alice := e.player("alice")
	e.registerCodes(alice, 0, 2)
	res, raw := alice.do("POST", "/api/tournaments/"+create(true)+"/register", DeckRequest{Preset: "Ember Assault"})
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "this tournament takes physical cards only") || !strings.Contains(raw, "you own 0") {
		t.Fatalf("registering cards not owned: %d %s", res.StatusCode, raw)
	}
	alice.header.Set("Accept-Language", "cs")
	if res, raw := alice.do("POST", "/api/tournaments/"+create(true)+"/register", DeckRequest{Preset: "Ember Assault"}); res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "Tento turnaj připouští jen fyzické karty") {
		t.Fatalf("registering cards not owned, in Czech: %d %s", res.StatusCode, raw)
	}
	alice.header.Del("Accept-Language")
	alice.expect(http.StatusOK, "POST", "/api/tournaments/"+create(false)+"/register", DeckRequest{Preset: "Ember Assault"})
}

// A card short for the "physical cards only" rule is said in the
// reader's language, with the counts and the card's name.
func TestOwnedProblemSpeaksEachLanguage(t *testing.T) {
	deck := engine.DeckList{Source: "deck", Entries: []engine.DeckEntry{{Card: "Ember Fox", Count: 3, Line: 1}}}
	for _, owned := range []int{0, 2} {
		p := ownedProblem(deck, deck.Entries[0], 3, owned)
		en, de, cs := p.In(i18n.EN, nil), p.In(i18n.DE, nil), p.In(i18n.CS, nil)
		for _, got := range []engine.Problem{de, cs} {
			if got.Msg == en.Msg || got.Fix == en.Fix || !strings.Contains(got.Fix, "Ember Fox") || !strings.Contains(got.Msg, "3") {
				t.Errorf("owning %d: %+v, want its own words with the counts and the card (English %+v)", owned, got, en)
			}
		}
	}
}

package sim

import (
	"slices"
	"strings"

	"kartenwerk/engine"
)

// DeckCards counts one deck's seat-games and, per card, those in which it
// was played, or drawn, and won. Card statistics are kept by deck because a card's
// players otherwise differ from its non-players in the deck they hold:
// pooled over decks, "played Fire Energy" only means "played the Fire deck".
type DeckCards struct {
	SeatGames int                   `json:"seat_games"`
	SeatWins  int                   `json:"seat_wins"`
	Cards     map[string]*CardTally `json:"cards"`
	// Deals counts the deck's seat-games and wins deal by deal, for
	// intervals that allow for a deal's seat-games not being independent
	// (see CardMoments); nil in tallies stored before they were counted.
	Deals *Clustered `json:"deals,omitempty"`
	// Deck and Aside describe a stratum of the opening hands' counts
	// (Tally.OpeningFirst) or of Tally.DrawnAside whose seats set the same
	// cards aside before the deal (engine.AsideHolder): its deck, and
	// those cards' names. Its key in the map joins the two (asideKey).
	// Elsewhere both are empty and the key is the deck.
	Deck  string   `json:"deck,omitempty"`
	Aside []string `json:"aside,omitempty"`
}

// deckName is the deck of d, counted under key.
func (d *DeckCards) deckName(key string) string {
	if len(d.Aside) > 0 {
		return d.Deck
	}
	return key
}

// asideKey names the stratum of deck's seats that set aside the cards
// named: the deck and the cards, as a reader of the JSON would.
func asideKey(deck string, aside []string) string {
	return deck + " / aside: " + strings.Join(aside, ", ")
}

// CardTally counts the seat-games in which a card was played, and those
// won; and the seat-games in which it was drawn (in its owner's hand at a
// decision of theirs, or at the end), and those won.
type CardTally struct {
	Played   int `json:"played,omitempty"`
	Won      int `json:"won,omitempty"`
	Drawn    int `json:"drawn,omitempty"`
	DrawnWon int `json:"drawn_won,omitempty"`
	// PlayedByDeal and DrawnByDeal are the same counts deal by deal.
	PlayedByDeal *CardMoments `json:"played_by_deal,omitempty"`
	DrawnByDeal  *CardMoments `json:"drawn_by_deal,omitempty"`
}

// deckCards returns the counts of the named deck in decks, making them
// if needed.
func deckCards(decks *map[string]*DeckCards, deck string) *DeckCards {
	if *decks == nil {
		*decks = map[string]*DeckCards{}
	}
	d := (*decks)[deck]
	if d == nil {
		d = &DeckCards{Cards: map[string]*CardTally{}}
		(*decks)[deck] = d
	}
	return d
}

func (d *DeckCards) card(name string) *CardTally {
	c := d.Cards[name]
	if c == nil {
		c = &CardTally{}
		d.Cards[name] = c
	}
	return c
}

// deckCounts are one deck's card counts while games are being added: by
// card index, without the map lookups and sorting of DeckCards, which
// would cost a random batch a tenth of its time. flushCards moves them
// into Cards.
type deckCounts struct {
	games, wins int
	played      cardCounts
	drawn       cardCounts

	dealGames, dealWins int       // in the deal being counted
	deals               Clustered // the deals counted

	deck  string   // for a stratum of seats that set cards aside: its deck
	aside []string // and those cards (DeckCards.Aside)
}

// cardCounts are the seat-games, and those won, in which each card (by
// index) was seen in one way: played, or drawn.
type cardCounts struct {
	seen, won []int
	stamp     []int // the seat-game that last counted each card

	dealSeen, dealWon []int         // in the deal being counted
	touched           []int         // the cards the deal has counted
	moments           []CardMoments // the deals counted
}

func newCardCounts(n int) cardCounts {
	return cardCounts{seen: make([]int, n), won: make([]int, n), stamp: make([]int, n),
		dealSeen: make([]int, n), dealWon: make([]int, n), moments: make([]CardMoments, n)}
}

// add counts the cards of one seat-game, each card once however many
// copies or sightings the list holds.
func (c *cardCounts) add(cards []int, seatGame int, won bool) {
	for _, i := range cards {
		if i < 0 || i >= len(c.seen) || c.stamp[i] == seatGame {
			continue
		}
		c.stamp[i] = seatGame
		c.seen[i]++
		if c.dealSeen[i] == 0 {
			c.touched = append(c.touched, i)
		}
		c.dealSeen[i]++
		if won {
			c.won[i]++
			c.dealWon[i]++
		}
	}
}

// cardBook holds the running counts of one map of DeckCards while games
// are being added.
type cardBook struct {
	running   map[string]*deckCounts // counts not yet in the map
	dealDecks []*deckCounts          // the decks of the deal being counted
	seatGame  int                    // seat-games counted, for cardCounts.stamp
}

// seatGameOf counts a seat-game of deck, won or not, and returns the
// deck's counts, for its cards; cards is how many cards the game has.
func (b *cardBook) seatGameOf(deck string, won bool, cards int) *deckCounts {
	if b.running == nil {
		b.running = map[string]*deckCounts{}
	}
	d := b.running[deck]
	if d == nil {
		d = &deckCounts{played: newCardCounts(cards), drawn: newCardCounts(cards)}
		b.running[deck] = d
	}
	if d.dealGames == 0 {
		b.dealDecks = append(b.dealDecks, d)
	}
	d.games++
	d.dealGames++
	if won {
		d.wins++
		d.dealWins++
	}
	b.seatGame++
	return d
}

// deckOf is the deck seat played in r ("" when not known).
func deckOf(r GameResult, seat int) string {
	if seat < len(r.Decks) {
		return r.Decks[seat]
	}
	return ""
}

func (t *Tally) addCards(r GameResult, strata []stratum) {
	for seat := range max(len(r.Played), len(r.Drawn)) {
		won := r.Winners.Has(engine.Seat(seat))
		d := t.played.seatGameOf(deckOf(r, seat), won, len(t.cardNames))
		t.SeatGames++
		if won {
			t.SeatWins++
		}
		if seat < len(r.Played) {
			d.played.add(r.Played[seat], t.played.seatGame, won)
		}
		if seat < len(r.Drawn) {
			d.drawn.add(r.Drawn[seat], t.played.seatGame, won)
		}
		if seat < len(r.Aside) && seat < len(r.Drawn) {
			s := t.drawnAside.seatGameOf(strata[seat].key, won, len(t.cardNames))
			s.deck, s.aside = strata[seat].deck, strata[seat].aside
			s.drawn.add(r.Drawn[seat], t.drawnAside.seatGame, won)
		}
	}
}

// stratum names a seat-game's stratum among those of its deck: the deck
// and the cards it set aside before the deal, sorted by name, joined in
// key (see asideKey); only the deck when it set none aside.
type stratum struct {
	key, deck string
	aside     []string
}

// asideStrata is each seat's stratum in r, appended to dst, for the
// drawn cards and the opening hands alike.
func (t *Tally) asideStrata(r GameResult, dst []stratum) []stratum {
	for seat := range max(len(r.Drawn), len(r.Opening), len(r.Played)) {
		deck := deckOf(r, seat)
		if seat >= len(r.Aside) || len(r.Aside[seat]) == 0 {
			dst = append(dst, stratum{key: deck, deck: deck})
			continue
		}
		aside := make([]string, len(r.Aside[seat]))
		for i, c := range r.Aside[seat] {
			aside[i] = t.cardNames[c]
		}
		slices.Sort(aside)
		dst = append(dst, stratum{key: asideKey(deck, aside), deck: deck, aside: aside})
	}
	return dst
}

// addOpening counts the opening hands of a game whose first seat is
// known, as drawn cards.
func (t *Tally) addOpening(r GameResult, strata []stratum) {
	if r.First == engine.NoSeat {
		return
	}
	for seat, hand := range r.Opening {
		book := &t.openLater
		if engine.Seat(seat) == r.First {
			book = &t.openFirst
		}
		won := r.Winners.Has(engine.Seat(seat))
		d := book.seatGameOf(strata[seat].key, won, len(t.cardNames))
		d.deck, d.aside = strata[seat].deck, strata[seat].aside
		d.drawn.add(hand, book.seatGame, won)
	}
}

// flush moves the book's running counts into decks.
func (b *cardBook) flush(decks *map[string]*DeckCards, names []string) {
	for deck, d := range b.running {
		dc := deckCards(decks, deck)
		if len(d.aside) > 0 {
			dc.Deck, dc.Aside = d.deck, d.aside
		}
		dc.SeatGames += d.games
		dc.SeatWins += d.wins
		dc.addDeals(d.deals)
		for c := range d.played.seen {
			if d.played.seen[c] > 0 || d.drawn.seen[c] > 0 {
				ct := dc.card(names[c])
				ct.add(CardTally{Played: d.played.seen[c], Won: d.played.won[c], Drawn: d.drawn.seen[c], DrawnWon: d.drawn.won[c],
					PlayedByDeal: d.played.moments[c].orNil(), DrawnByDeal: d.drawn.moments[c].orNil()})
			}
		}
	}
	*b = cardBook{} // stamps only need to be unique while counting
}

// flushCards moves the running counts into Cards and the opening hands'.
func (t *Tally) flushCards() {
	t.played.flush(&t.Cards, t.cardNames)
	t.openFirst.flush(&t.OpeningFirst, t.cardNames)
	t.openLater.flush(&t.OpeningLater, t.cardNames)
	t.drawnAside.flush(&t.DrawnAside, t.cardNames)
}

func (t *Tally) mergeCards(o *Tally) {
	t.flushCards()
	o.flushCards()
	mergeDecks(&t.Cards, o.Cards)
	mergeDecks(&t.OpeningFirst, o.OpeningFirst)
	mergeDecks(&t.OpeningLater, o.OpeningLater)
	mergeDecks(&t.DrawnAside, o.DrawnAside)
}

// mergeDecks adds the counts of from to those of into.
func mergeDecks(into *map[string]*DeckCards, from map[string]*DeckCards) {
	for deck, od := range from {
		d := deckCards(into, deck)
		if len(od.Aside) > 0 {
			d.Deck, d.Aside = od.Deck, od.Aside
		}
		d.SeatGames += od.SeatGames
		d.SeatWins += od.SeatWins
		if od.Deals != nil {
			d.addDeals(*od.Deals)
		}
		for name, oc := range od.Cards {
			d.card(name).add(*oc)
		}
	}
}

func (c *CardTally) add(o CardTally) {
	c.Played += o.Played
	c.Won += o.Won
	c.Drawn += o.Drawn
	c.DrawnWon += o.DrawnWon
	c.PlayedByDeal = mergeMoments(c.PlayedByDeal, o.PlayedByDeal)
	c.DrawnByDeal = mergeMoments(c.DrawnByDeal, o.DrawnByDeal)
}

package engine

// View is what one seat may see of a game: the table as a tree of players,
// zones and cards that a terminal, a browser or a test can read without
// knowing the game. Hidden cards appear as backs (Hidden, no id, no name)
// or only as a zone's Count.
type View struct {
	Game   string `json:"game"`
	Viewer Seat   `json:"viewer"`
	Turn   int    `json:"turn"`
	// Round is the game's own round counter where it has one.
	Round int    `json:"round,omitempty"`
	Phase string `json:"phase"`
	// Active is the seat whose turn it is; ToMove the seat that decides now.
	Active Seat `json:"active"`
	ToMove Seat `json:"to_move"`
	// Prompt says in words what ToMove is being asked, when it is a
	// decision inside an action ("choose a defender").
	Prompt  string       `json:"prompt,omitempty"`
	Players []PlayerView `json:"players"`
	// Shared holds zones that belong to nobody: a market, a stack, a pool.
	Shared []Zone `json:"shared,omitempty"`
	// Result is set once the game is over.
	Result *Result `json:"result,omitempty"`
	// Notes are short public facts a game wants shown ("first round").
	Notes []string `json:"notes,omitempty"`
}

// Result is the end of a game as a view shows it.
type Result struct {
	Winners []Seat `json:"winners"`
	Draw    bool   `json:"draw"`
	Reason  string `json:"reason"`
}

// ResultOf turns an Outcome into a Result. A draw's Winners are empty,
// not nil: a view never holds a null, which a client's merge patch of
// the view could not carry (null deletes a member).
func ResultOf(o Outcome) *Result {
	winners := o.Winners.Seats()
	if winners == nil {
		winners = []Seat{}
	}
	return &Result{Winners: winners, Draw: o.Draw(), Reason: o.Reason}
}

// PlayerView is one seat's side of the table.
type PlayerView struct {
	Seat Seat   `json:"seat"`
	Name string `json:"name"`
	// Counters are the player's numbers: life, energy per colour, sugar,
	// silver, command tokens... in the order the game lists them.
	Counters []Stat `json:"counters"`
	Zones    []Zone `json:"zones"`
	// Out is set for a player who has lost in a game that goes on.
	Out bool `json:"out,omitempty"`
}

// Visibility says who may identify the cards of a zone.
type Visibility string

// Zone visibilities, declared once per zone by each game.
const (
	Public  Visibility = "public"  // everyone sees every card
	Owner   Visibility = "owner"   // the owner sees the cards, others the count
	Private Visibility = "private" // nobody sees the cards, everyone the count
)

// Zone is a named place for cards: hand, deck, battle, grave...
type Zone struct {
	Name       string     `json:"name"`
	Visibility Visibility `json:"visibility"`
	Count      int        `json:"count"`
	// Cards lists the cards in the zone's order (top of a pile first),
	// as far as the viewer may see them; a zone whose cards the viewer may
	// not see has none here, only its Count.
	Cards []CardView `json:"cards,omitempty"`
}

// CardView is one card as the viewer sees it.
type CardView struct {
	// ID is the card's identity for actions ("c12"); -1 for a hidden card.
	ID   int    `json:"id"`
	Name string `json:"name,omitempty"`
	// Hidden marks a card whose back only is seen (a face-down item of
	// another player): it has no ID and no Name.
	Hidden bool `json:"hidden,omitempty"`
	Owner  Seat `json:"owner"`
	// Status are flags such as "exhausted", "tapped", "face-down", "active".
	Status []string `json:"status,omitempty"`
	// Stats are the card's current numbers (power, health...), effects
	// included; Counters its markers (damage, tokens, attached energy).
	Stats    []Stat     `json:"stats,omitempty"`
	Counters []Stat     `json:"counters,omitempty"`
	Keywords []string   `json:"keywords,omitempty"`
	Attached []CardView `json:"attached,omitempty"`
	// Note carries anything else worth showing ("warning: drains 10 HP").
	Note string `json:"note,omitempty"`
}

// Player returns the view of seat s, or nil.
func (v *View) Player(s Seat) *PlayerView {
	for i := range v.Players {
		if v.Players[i].Seat == s {
			return &v.Players[i]
		}
	}
	return nil
}

// Zone returns the named zone, or nil.
func (p *PlayerView) Zone(name string) *Zone {
	for i := range p.Zones {
		if p.Zones[i].Name == name {
			return &p.Zones[i]
		}
	}
	return nil
}

// Counter returns the named counter and whether it exists.
func (p *PlayerView) Counter(name string) (int, bool) {
	return statValue(p.Counters, name)
}

// Counter returns the named marker count on the card (0 when absent).
func (c *CardView) Counter(name string) int {
	v, _ := statValue(c.Counters, name)
	return v
}

// Stat returns the named current stat and whether it exists.
func (c *CardView) Stat(name string) (int, bool) { return statValue(c.Stats, name) }

// HasStatus reports whether the card carries the flag.
func (c *CardView) HasStatus(flag string) bool {
	for _, s := range c.Status {
		if s == flag {
			return true
		}
	}
	return false
}

func statValue(stats []Stat, name string) (int, bool) {
	for _, s := range stats {
		if s.Name == name {
			return s.Value, true
		}
	}
	return 0, false
}

// Walk calls fn for every visible card in the view, attachments included,
// with the seat whose zone holds it (NoSeat for shared zones).
func (v *View) Walk(fn func(zoneOwner Seat, zone string, c *CardView)) {
	for pi := range v.Players {
		p := &v.Players[pi]
		for zi := range p.Zones {
			walkCards(p.Seat, p.Zones[zi].Name, p.Zones[zi].Cards, fn)
		}
	}
	for zi := range v.Shared {
		walkCards(NoSeat, v.Shared[zi].Name, v.Shared[zi].Cards, fn)
	}
}

func walkCards(s Seat, zone string, cards []CardView, fn func(Seat, string, *CardView)) {
	for i := range cards {
		fn(s, zone, &cards[i])
		walkCards(s, zone, cards[i].Attached, fn)
	}
}

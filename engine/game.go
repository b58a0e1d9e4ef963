package engine

import "io/fs"

// Game is one card game's rules: it describes itself, its cards and decks,
// and makes new States.
type Game interface {
	// Info describes the game: its id, seats, variants and action verbs.
	Info() Info
	// Cards lists the card pool, with rules text generated from the data.
	Cards() []CardInfo
	// Presets lists the ready-made decks; every one is legal.
	Presets() []DeckList
	// ValidateDeck checks a deck against the construction rules and returns
	// every problem found (none for a legal deck). Problems name the deck
	// file's line where they can.
	ValidateDeck(d DeckList) []Problem
	// New starts a game. It checks the setup (seat count, decks, variants)
	// and returns an error that says what is wrong and how to fix it.
	New(setup Setup) (State, error)
}

// Info describes a game.
type Info struct {
	ID       string // "mysticelements"
	Name     string // "Mystic Elements"
	RulesID  string // the digest's rule prefix, "ME"
	MinSeats int
	MaxSeats int
	// Summary is one or two sentences for the games list.
	Summary  string
	Variants []VariantSpec
	// Actions writes and reads the game's actions as text.
	Actions *ActionCodec
	// TurnCap is the number of turns after which a simulated game is
	// stopped and counted as a draw; 0 means DefaultTurnCap. Set it well
	// above the length of real games, so that only stalled games hit it.
	TurnCap int
	// SimVariant holds rule readings that simulations play unless told
	// otherwise, by key: readings that the rules allow but that let agents
	// wander without end (any number of free actions in a turn), with a
	// capped reading in their place. Reports name them like any variant.
	SimVariant map[string]string
	// OwnDecksVariant holds the rule readings for play in which each
	// player brings a deck of their own (ranked games and tournaments,
	// where decks are locked before the pairings are known), by key:
	// readings under which any two legal decks may meet, where the rules
	// keep decks apart only because one box holds one set of cards
	// (Mystic Elements' exclusive colours, ME-10.2).
	OwnDecksVariant map[string]string
}

// DefaultTurnCap is the simulation turn cap of a game that sets none.
const DefaultTurnCap = 200

// State is one position of a game in progress. See the package doc for the
// contract every implementation keeps.
type State interface {
	// Seats is the number of players at the table.
	Seats() int
	// ToMove is the seat that must decide now; it may be a player other
	// than the one whose turn it is. NoSeat once the game is over.
	ToMove() Seat
	// Legal appends the legal actions of ToMove to dst and returns it. It
	// allocates nothing when dst has room. A finished game has none.
	Legal(dst []Action) []Action
	// Apply plays an action of ToMove. An action Legal would not list is
	// refused with an error saying why, and the state is left unchanged.
	Apply(a Action) error
	// Terminal reports whether the game is over and how it ended.
	Terminal() (bool, Outcome)
	// Turn counts the turns begun so far (1 during the first turn); the
	// simulator caps games by it.
	Turn() int
	// Clone returns an independent copy, RNG included.
	Clone() State
	// View is what seat s may see; NoSeat gives a spectator's view and
	// Omniscient everything.
	View(s Seat) *View
	// Describe labels a for people, as viewer may see it: what the owner
	// of a hidden card sees by name, others see as "a card". Call it
	// before applying a.
	Describe(a Action, viewer Seat) string
	// Determinize returns a copy in which everything seat s cannot see
	// (other hands, deck orders, face-down cards, future random events) is
	// resampled from r, consistent with what s has seen. Seat s's View
	// and, when s is to move, its Legal actions are the same in the copy.
	Determinize(s Seat, r *RNG) State
	// Hash summarises the whole state, RNG included.
	Hash() uint64
}

// Setup is everything that decides a new game besides the actions taken.
type Setup struct {
	Game  string `json:"game"`
	Seats int    `json:"seats"`
	Seed  uint64 `json:"seed"`
	// Variant selects rule readings by key; missing keys take defaults.
	Variant map[string]string `json:"variant,omitempty"`
	// Decks gives each seat's deck, in seat order. A game may allow empty
	// decks where its rules build them during setup, or pick presets.
	Decks []DeckList `json:"decks,omitempty"`
	// First, when 1..Seats, is the seat that starts (1-based). 0 lets the
	// rules decide, usually at random from the seed.
	First int `json:"first,omitempty"`
	// CardsDate is the day (YYYY-MM-DD) whose card texts the game plays,
	// for games whose cards have dated versions (see NewAt); "" plays the
	// game's texts as loaded.
	CardsDate string `json:"cards_date,omitempty"`
}

// CardInfo describes one card of a game's pool for people and tools.
type CardInfo struct {
	Name string `json:"name"`
	// Kind is the card type: "unit", "charm", "item", ...
	Kind string `json:"kind"`
	// Group is the colour, faction, element or deck the card belongs to.
	Group    string   `json:"group,omitempty"`
	Cost     string   `json:"cost,omitempty"`
	Stats    []Stat   `json:"stats,omitempty"`
	Keywords []string `json:"keywords,omitempty"`
	// Text is the rules text, generated from the card's data.
	Text string `json:"text"`
}

// Stat is a named number printed on a card or kept on a card or player.
type Stat struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// SchemaProvider is a Game that publishes a JSON Schema for its card
// files, so that editors can complete and check them.
type SchemaProvider interface {
	CardSchema() []byte
}

// Evaluator is a State that can judge a position without playing it out,
// for agents that look only a few moves ahead or cut playouts short.
type Evaluator interface {
	// Evaluate estimates seat's chance of winning from here, in [0, 1].
	Evaluate(seat Seat) float64
}

// Copier is a State that can copy itself over another state of its game
// without allocating, for searches that try many actions from one state
// (a greedy step tries every legal action on a copy).
type Copier interface {
	// CopyTo makes dst what Clone would return, reusing its memory, and
	// reports whether it could: dst must be a state of the same game, not
	// the receiver, and not shared with anyone else. A false leaves dst
	// as it was.
	CopyTo(dst State) bool
}

// CardPlayer is a State that can say which card an action plays, for the
// simulator's per-card statistics.
type CardPlayer interface {
	// PlayedCard returns the index in Game.Cards() of the card that a
	// plays (from hand, a market, ...), or -1 when a plays no card. It is
	// asked before a is applied.
	PlayedCard(a Action) int
}

// CardHolder is a State that can list the cards in a seat's hand, for the
// simulator's drawn-versus-not card statistics: a card its owner held is
// one the owner could have played, whether or not it was, so the win rate
// when drawn is less tied to who was already winning than the win rate
// when played.
type CardHolder interface {
	// HandCards appends to dst the index in Game.Cards() of each card in
	// seat's hand now, one entry per copy, and returns it.
	HandCards(seat Seat, dst []int) []int
}

// HandChooser is a Game whose players also fill their hands by their own
// choices, not by the shuffle alone: a market bought or taken into the
// hand. A card held there tells of that choice as much as a card played
// does, so the simulator ranks no cards by the win rate when held (its
// opening hands, dealt by the shuffle, it still compares).
type HandChooser interface {
	// HandsChosen reports whether cards reach the hand by choice.
	HandsChosen() bool
}

// AsideHolder is a State whose seats set cards aside from their decks
// before the deal, by their own choice (Athernum's start card, AT-3.2).
// Such a card could not be dealt to its seat, so the simulator compares
// the opening hands of seats that set aside the same cards: a card chosen
// to start with, and so never in the hand, would otherwise count among
// the hands without it, with the wins its choice brought.
type AsideHolder interface {
	// AsideCards appends to dst the index in Game.Cards() of each card
	// seat set aside before the deal, and returns it.
	AsideCards(seat Seat, dst []int) []int
}

// CardOverrider is a Game whose card pool designers can extend or change
// without recompiling (`kartenwerk --cards DIR ...`).
type CardOverrider interface {
	// WithCards returns the game with the card files in fsys added: a
	// file named like a shipped file replaces it whole, and a card with
	// the name of a shipped card replaces it. Bad files give Problems
	// naming file and line.
	WithCards(fsys fs.FS) (Game, error)
}

// CardFile is one card file of a game's pool, as written.
type CardFile struct {
	// Name is the file as problems name it: "cards/fire.yaml", or
	// "mine.yaml" from a --cards directory.
	Name string
	Data []byte
}

// CardSource is a Game that shows the card files its pool was built
// from, for tools that change one card's data and play the result
// through WithCards (sweeps, the designer's workbench).
type CardSource interface {
	// CardFiles lists the files in the order they were read: the
	// shipped ones first, then each WithCards layer, so that of two files
	// naming a card the later one's entry is in force.
	CardFiles() []CardFile
}

// Erratum is one dated version of a card's data: from that day on, the
// card's fields change as Changes says, with the publisher's note on the
// change and a clarification of how the card plays.
type Erratum struct {
	Card          string         `json:"card"`
	From          string         `json:"from"` // YYYY-MM-DD
	Note          string         `json:"errata,omitempty"`
	Clarification string         `json:"clarification,omitempty"`
	Changes       map[string]any `json:"changes,omitempty"`
}

// Versioned is a Game whose card data can carry dated versions (errata),
// and which plays the texts in force on one day.
type Versioned interface {
	// CardsDate is the day whose card texts the game plays (YYYY-MM-DD).
	CardsDate() string
	// At returns the game with the card texts in force on date.
	At(date string) (Game, error)
	// Errata lists every dated version of every card, oldest first.
	Errata() []Erratum
}

// NewAt starts a game with the card texts in force on the day its setup
// names (Setup.CardsDate), so that a game resumed or replayed after an
// erratum plays the texts it started with. A setup without a day, or a
// game without versions, starts as New does.
func NewAt(g Game, setup Setup) (State, error) {
	if v, ok := g.(Versioned); ok && setup.CardsDate != "" && setup.CardsDate != v.CardsDate() {
		at, err := v.At(setup.CardsDate)
		if err != nil {
			return nil, err
		}
		g = at
	}
	return g.New(setup)
}

// Measure is one game-specific figure of a finished game, for the
// simulator's report: the turn a stage was first reached, the deepest
// effect stack.
type Measure struct {
	Name  string
	Value int
}

// Measurer is a State that reports figures only its game knows about.
type Measurer interface {
	// Measures appends the game's figures to dst. A figure that did not
	// occur (a stage never reached) is left out rather than reported as
	// zero, so the report averages over the games where it occurred.
	Measures(dst []Measure) []Measure
}

// DeckKnower is a State whose Determinize can also be asked for a seat
// that knows the deck list every other seat brought: symmetric knowledge,
// for simulations in which both agents are meant to know both lists. Plain
// Determinize never assumes it: no View shows an opponent's deck list, so a
// fair search resamples it from the game's stated prior.
type DeckKnower interface {
	// DeterminizeKnowingDecks is Determinize for a seat s that knows every
	// seat's deck list (not its order or the hidden cards' places): the
	// hidden cards are resampled from the cards those lists leave unseen.
	DeterminizeKnowingDecks(s Seat, r *RNG) State
}

// LuckResampler is a State that can redraw its luck alone: the order of
// every deck and the random events still to come, everything else as it
// truly is. A search handed such worlds knows every card each seat holds
// and which cards each deck still has, but not what will be drawn or
// rolled. The skill-ceiling measurement uses it to tell how much of what
// a search that sees everything gains is reading the opponent's cards,
// which a fair search can approach by inference, and how much is
// foreknowing the shuffle and the dice, which no fair search can.
type LuckResampler interface {
	// ResampleLuck returns a copy whose decks are each shuffled anew, and
	// whose future random events are drawn, from r.
	ResampleLuck(r *RNG) State
}

// SignedCounters is a Game whose rules count some counters below zero,
// which a scenario's position may therefore set so: Micro-Life's life
// (ML-7.2), a Mystic Elements card's net tokens (ME-2.8). Every other
// counter counts what a player or card holds, from 0 up.
type SignedCounters interface {
	// SignedCounters names them: a seat's counter as written ("life"), a
	// card's as "card.NAME" ("card.tokens").
	SignedCounters() []string
}

// DeckNamer is a State that names the deck each seat plays, for games
// whose seats, given no deck, play none of the presets: their players
// build decks as the game begins (Mystic Elements' choose three colours),
// or share the cards (Zynalith's stacks). Reports count cards by deck, and
// would otherwise take each seat for the preset DefaultPreset assigns.
type DeckNamer interface {
	// DeckName names seat's deck once the game has begun, in the game's
	// own words for it; "" when seats have no decks of their own.
	DeckName(seat Seat) string
}

// PassingShower is a State that remembers which cards every seat has seen
// face up. An action may show a card in passing: face up for a moment,
// and hidden again before the action ends, as a mutation attached to a
// host that dies at once and is shuffled into a face-down pile with it.
// Every seat's log may name such a card, though no view after the action
// shows it; the test suite's check of labels asks the state which cards
// an action showed so.
type PassingShower interface {
	// TimesShown counts the times card id was put face up to every
	// seat; only its changes matter, so it may wrap around.
	TimesShown(id int) int
}

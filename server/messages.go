package server

import (
	"slices"

	"kartenwerk/engine"
)

// StateMsg is what a client sees of a game: its seat's view, the actions
// it may take, the log as its seat may read it, and who sits where. It is
// the WebSocket "state" message and the body of GET /api/games/{id}.
type StateMsg struct {
	Type    string      `json:"type"`
	ID      string      `json:"id"`
	Game    string      `json:"game"`
	Name    string      `json:"name"`
	Version int         `json:"version"`
	Viewer  engine.Seat `json:"viewer"`
	// Controls are the seats the client's token may act for.
	Controls []engine.Seat `json:"controls"`
	Seats    []SeatInfo    `json:"seats"`
	View     *engine.View  `json:"view"`
	// Legal lists the viewer's actions when it is to move.
	Legal []LegalAction `json:"legal"`
	// Log is the tail of the game log; LogTotal counts every entry.
	Log      []LogLine `json:"log"`
	LogTotal int       `json:"log_total"`
	// Thinking names the AI seat that is choosing now, if any.
	Thinking *engine.Seat `json:"thinking,omitempty"`
	Finished bool         `json:"finished"`
	// Rematch is the id of the game that follows this one.
	Rematch string `json:"rematch,omitempty"`
}

// SeatInfo is one seat as every client may see it (never its token).
type SeatInfo struct {
	Seat      engine.Seat `json:"seat"`
	Kind      string      `json:"kind"`
	Agent     string      `json:"agent,omitempty"`
	Connected bool        `json:"connected"`
}

// LegalAction is one action the viewer may take: its text to send back,
// its label for people, and the cards it names (the first is the card it
// acts with), so a table can offer it on those cards.
type LegalAction struct {
	Action string `json:"action"`
	Label  string `json:"label"`
	Cards  []int  `json:"cards,omitempty"`
}

// LogLine is one entry of the game log as the viewer may read it.
type LogLine struct {
	N     int         `json:"n"`
	Seat  engine.Seat `json:"seat"`
	Label string      `json:"label"`
}

// ErrorMsg is the WebSocket "error" message and the body of every HTTP
// error: what went wrong and how to fix it, for this client only.
type ErrorMsg struct {
	Type  string `json:"type"`
	Error string `json:"error"`
}

// logTail is how many log entries a state message carries.
const logTail = 60

// stateLocked builds the state message for a client with these seats.
func (s *session) stateLocked(controls []engine.Seat) *StateMsg {
	viewer := s.viewer(controls)
	m := &StateMsg{Type: "state", ID: s.id, Game: s.game.Info().ID, Name: s.game.Info().Name,
		Version: len(s.actions), Viewer: viewer, Controls: controls, View: s.state.View(viewer),
		Log: s.logFor(viewer, logTail), LogTotal: len(s.log), Finished: s.finished, Rematch: s.rematch,
		Legal: []LegalAction{}}
	if m.Controls == nil {
		m.Controls = []engine.Seat{}
	}
	if s.thinking != engine.NoSeat {
		t := s.thinking
		m.Thinking = &t
	}
	m.Seats = s.seatInfoLocked()
	if tm := s.state.ToMove(); tm == viewer && slices.Contains(controls, tm) {
		m.Legal = s.legalFor(viewer)
	}
	return m
}

func (s *session) seatInfoLocked() []SeatInfo {
	out := make([]SeatInfo, len(s.seats))
	for i, c := range s.seats {
		out[i] = SeatInfo{Seat: engine.Seat(i), Kind: c.Kind, Agent: c.Agent, Connected: c.Kind == KindAI}
	}
	for cl := range s.clients {
		for _, seat := range cl.controls {
			out[seat].Connected = true
		}
	}
	return out
}

// legalFor lists the legal actions with labels as viewer reads them.
func (s *session) legalFor(viewer engine.Seat) []LegalAction {
	s.legal = s.state.Legal(s.legal[:0])
	out := make([]LegalAction, len(s.legal))
	for i, a := range s.legal {
		out[i] = LegalAction{Action: s.codec.Format(a), Label: s.state.Describe(a, viewer), Cards: cardArgs(s.codec, a)}
	}
	return out
}

// cardArgs returns the card ids an action names, from its verb's spec.
func cardArgs(c *engine.ActionCodec, a engine.Action) []int {
	spec, ok := c.Spec(a.Verb)
	if !ok {
		return nil
	}
	var out []int
	for i, k := range spec.Args {
		if k.Prefix == engine.ArgCard.Prefix && k.Names == nil {
			out = append(out, int(a.Args[i]))
		}
	}
	return out
}

// logFor returns the last n log entries as viewer may read them.
func (s *session) logFor(viewer engine.Seat, n int) []LogLine {
	from := max(0, len(s.log)-n)
	if n < 0 {
		from = 0
	}
	out := make([]LogLine, 0, len(s.log)-from)
	for i := from; i < len(s.log); i++ {
		out = append(out, LogLine{N: i + 1, Seat: s.log[i].seat, Label: labelFor(s.log[i], viewer)})
	}
	return out
}

func labelFor(e logEntry, viewer engine.Seat) string {
	if viewer >= 0 && int(viewer) < len(e.labels)-1 {
		return e.labels[viewer]
	}
	return e.labels[len(e.labels)-1]
}

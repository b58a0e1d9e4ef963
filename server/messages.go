package server

import (
	"encoding/json"
	"slices"
	"strconv"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// StateMsg is what a client sees of a game: its seat's view, the actions
// it may take, the log as its seat may read it, and who sits where. It is
// the WebSocket "state" message and the body of GET /api/games/{id}.
//
// A full message (Full true: the HTTP answer, the first message on a
// WebSocket and the answer to "sync") carries everything, with the last
// logTail log entries. Over a WebSocket the messages that follow carry
// only what changed: the view's changes, the legal actions, and the log entries
// after those the client has, so Log starts at entry LogTotal-len(Log)+1.
// A client that finds a gap (that number is not one past its last entry)
// asks for a full message with {"type":"sync"}.
type StateMsg struct {
	Type string `json:"type"`
	Full bool   `json:"full"`
	ID   string `json:"id"`
	Game string `json:"game,omitempty"`
	Name string `json:"name,omitempty"`
	// CardsDate is the day whose card texts the game plays (full
	// messages only): its cards read as /api/catalog/{game}/cards?at=DAY.
	CardsDate string      `json:"cards_date,omitempty"`
	Version   int         `json:"version"`
	Viewer    engine.Seat `json:"viewer"`
	// Controls are the seats the client's token may act for (full
	// messages only).
	Controls []engine.Seat `json:"controls,omitempty"`
	// Seats are in full messages; a WebSocket gets a "seats" message when
	// one connects or leaves.
	Seats []SeatInfo `json:"seats,omitempty"`
	// View is the viewer's table. Over a WebSocket, a message after the
	// first carries ViewPatch instead: a merge patch (mergepatch.go)
	// against the view the client was sent last, whole when no patch can
	// express the change. The encoder writes both from the view's bytes
	// (encodeStateLocked).
	View      *engine.View    `json:"view,omitempty"`
	ViewPatch json.RawMessage `json:"view_patch,omitempty"`
	// Legal lists the viewer's actions when it is to move.
	Legal []LegalAction `json:"legal"`
	// Log is the tail of the game log, or in a delta the entries the
	// client lacks; LogTotal counts every entry.
	Log      []LogLine `json:"log"`
	LogTotal int       `json:"log_total"`
	// Thinking names the AI seat that is choosing now, if any.
	Thinking *engine.Seat `json:"thinking,omitempty"`
	Finished bool         `json:"finished"`
	// Rematch is the id of the game that follows this one.
	Rematch string `json:"rematch,omitempty"`
	// Explain says, once the game is over, why it ended as it did: a
	// line per fact (scores and how they were counted, VP, knockouts).
	Explain []string `json:"explain,omitempty"`
	// Clock is a ranked game's clock.
	Clock *ClockState `json:"clock,omitempty"`
}

// SeatInfo is one seat as every client may see it (never its token).
type SeatInfo struct {
	Seat      engine.Seat `json:"seat"`
	Kind      string      `json:"kind"`
	Agent     string      `json:"agent,omitempty"`
	Connected bool        `json:"connected"`
	// Name is the display name the seat chose, if any, or its account's
	// in a ranked or tournament game.
	Name string `json:"name,omitempty"`
	// Event is the tournament whose game this is, if any.
	Event string `json:"event,omitempty"`
}

// LegalAction is one action the viewer may take: its text to send back,
// its label for people, and the cards it names (the first is the card it
// acts with), so a table can offer it on those cards.
type LegalAction struct {
	Action string `json:"action"`
	Label  string `json:"label"`
	Cards  []int  `json:"cards,omitempty"`
	// Concedes marks an action that only gives the game up (a surrender),
	// so that a client can ask before sending it and bots can pass it over.
	Concedes bool `json:"concedes,omitempty"`
}

// LogLine is one entry of the game log as the viewer may read it.
type LogLine struct {
	N     int         `json:"n"`
	Seat  engine.Seat `json:"seat"`
	Label string      `json:"label"`
}

// SeatsMsg is the WebSocket "seats" message: who is connected now.
type SeatsMsg struct {
	Type  string     `json:"type"`
	Seats []SeatInfo `json:"seats"`
}

// ErrorMsg is the WebSocket "error" message and the body of every HTTP
// error: what went wrong and how to fix it, for this client only.
type ErrorMsg struct {
	Type  string `json:"type"`
	Error string `json:"error"`
	// Code names the refusal for programs, as in an HTTP error's body.
	Code string `json:"code,omitempty"`
}

// logTail is how many log entries a state message carries.
const logTail = 60

// stateLocked builds the full state message for a client with these
// seats that reads language l.
func (s *session) stateLocked(controls []engine.Seat, l i18n.Lang) *StateMsg {
	m := s.deltaLocked(controls, max(0, s.log.len()-logTail), l, nil)
	m.Full, m.Game, m.Name, m.Controls, m.CardsDate = true, s.game.Info().ID, s.game.Info().Name, controls, s.setup.CardsDate
	if m.Controls == nil {
		m.Controls = []engine.Seat{}
	}
	m.Seats = s.seatInfoLocked()
	return m
}

// deltaLocked builds the state message for a client with these seats
// that reads language l and has the first has log entries: only what it
// lacks. It is built in room, and so is valid only until room's next
// use; a nil room is a new one.
func (s *session) deltaLocked(controls []engine.Seat, has int, l i18n.Lang, room *deltaRoom) *StateMsg {
	if room == nil {
		room = newDeltaRoom()
	}
	s.speakLocked(l)
	viewer := s.viewer(controls)
	w := s.wordsLocked(l)
	m := &room.msg
	*m = StateMsg{Type: "state", ID: s.id, Version: len(s.actions), Viewer: viewer, View: engine.LocalizedIn(s.state, viewer, w, &room.view),
		Log: s.logFrom(viewer, has, w, room.log[:0]), LogTotal: s.log.len(), Finished: s.finished, Rematch: s.rematch,
		Legal: room.legal[:0]}
	if sp, ok := s.state.(engine.StateSpeaker); ok && s.finished {
		m.Explain = explainBelowHeadline(s.game, s.state, sp, w)
	}
	if s.thinking != engine.NoSeat {
		t := s.thinking
		m.Thinking = &t
	}
	if tm := s.state.ToMove(); tm == viewer && slices.Contains(controls, tm) && !s.finished {
		m.Legal = s.legalFor(viewer, w, m.Legal)
	}
	if s.ranked != nil {
		s.ranked.decorate(m, s.state.ToMove(), s.finished, s.srv.cfg.Ranked.time.Now(), w)
	}
	return m
}

func (s *session) seatInfoLocked() []SeatInfo {
	out := make([]SeatInfo, len(s.seats))
	for i, c := range s.seats {
		out[i] = SeatInfo{Seat: engine.Seat(i), Kind: c.Kind, Agent: c.Agent, Connected: c.Kind == KindAI, Name: s.names[i], Event: c.Event}
	}
	for cl := range s.clients {
		for _, seat := range cl.controls {
			out[seat].Connected = true
		}
	}
	return out
}

// legalFor lists the legal actions with labels as viewer reads them: in
// the first person, in w's words.
func (s *session) legalFor(viewer engine.Seat, w engine.Words, out []LegalAction) []LegalAction {
	s.legal = s.state.Legal(s.legal[:0])
	conceder, _ := s.state.(engine.Conceder)
	for _, a := range s.legal {
		out = append(out, LegalAction{Action: s.codec.Format(a), Label: engine.Say(s.state, a, viewer, engine.Button, w), Cards: cardArgs(s.codec, a),
			Concedes: conceder != nil && conceder.Concedes(a)})
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

// logFrom returns the log entries after the first from, as viewer may
// read them in w's words.
func (s *session) logFrom(viewer engine.Seat, from int, w engine.Words, out []LogLine) []LogLine {
	from = min(max(0, from), s.log.len())
	if out == nil {
		out = make([]LogLine, 0, s.log.len()-from)
	}
	for i := from; i < s.log.len(); i++ {
		out = append(out, LogLine{N: i + 1, Seat: s.log.seat(i), Label: s.log.label(i, viewer, w)})
	}
	return out
}

// appendDeltaJSON appends m as encoding/json encodes it, without
// reflection, for the common delta (no game, names, controls, seats,
// view, explanation or clock), and reports false, appending nothing, for
// any other message. A delta is encoded for every client kind on every
// move; TestDeltaEncodingIsEncodingJSON compares the two.
func (m *StateMsg) appendDeltaJSON(dst []byte) ([]byte, bool) {
	if m.Game != "" || m.Name != "" || m.CardsDate != "" || m.Controls != nil || m.Seats != nil || m.View != nil ||
		m.ViewPatch != nil || m.Legal == nil || m.Log == nil || m.Explain != nil || m.Clock != nil {
		return dst, false
	}
	dst = engine.AppendJSONString(append(dst, `{"type":`...), m.Type)
	dst = strconv.AppendBool(append(dst, `,"full":`...), m.Full)
	dst = engine.AppendJSONString(append(dst, `,"id":`...), m.ID)
	dst = strconv.AppendInt(append(dst, `,"version":`...), int64(m.Version), 10)
	dst = engine.AppendSeatJSON(append(dst, `,"viewer":`...), m.Viewer)
	dst = append(dst, `,"legal":[`...)
	for i := range m.Legal {
		dst = m.Legal[i].appendJSON(dst, i)
	}
	dst = append(dst, `],"log":[`...)
	for i, l := range m.Log {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = engine.AppendSeatJSON(append(strconv.AppendInt(append(dst, `{"n":`...), int64(l.N), 10), `,"seat":`...), l.Seat)
		dst = append(engine.AppendJSONString(append(dst, `,"label":`...), l.Label), '}')
	}
	dst = strconv.AppendInt(append(dst, `],"log_total":`...), int64(m.LogTotal), 10)
	if m.Thinking != nil {
		dst = engine.AppendSeatJSON(append(dst, `,"thinking":`...), *m.Thinking)
	}
	dst = strconv.AppendBool(append(dst, `,"finished":`...), m.Finished)
	if m.Rematch != "" {
		dst = engine.AppendJSONString(append(dst, `,"rematch":`...), m.Rematch)
	}
	return append(dst, '}'), true
}

// appendJSON appends the i-th legal action of a list as encoding/json
// encodes it.
func (a *LegalAction) appendJSON(dst []byte, i int) []byte {
	if i > 0 {
		dst = append(dst, ',')
	}
	dst = engine.AppendJSONString(append(dst, `{"action":`...), a.Action)
	dst = engine.AppendJSONString(append(dst, `,"label":`...), a.Label)
	if len(a.Cards) > 0 {
		dst = append(dst, `,"cards":[`...)
		for j, c := range a.Cards {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, int64(c), 10)
		}
		dst = append(dst, ']')
	}
	if a.Concedes {
		dst = append(dst, `,"concedes":true`...)
	}
	return append(dst, '}')
}

package server

import (
	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// gameLog is a game's log as each viewer may read it, in every language
// its readers have asked for (speakLocked). A line is kept as a stretch
// of one text per language rather than as a string of its own: a game's
// log grows with every move for as long as the game is in memory, and
// memory without pointers is memory the garbage collector does not scan.
// On a server with thousands of games, strings apiece made the log most of
// the heap's objects, and each collection's pause in play grew with them.
type gameLog struct {
	// seats are who acted, by entry.
	seats []engine.Seat
	// viewers is how many lines an entry has in a language: one for each
	// seat and, last, the spectators'.
	viewers int
	// texts are the lines by language (i18n.Lang); a language nobody has
	// read the game in has none.
	texts []logText
}

// logText is a log's lines in one language: entry i's line for viewer v
// is text[lines[i*viewers+v]]. A seat that reads what the spectators
// read shares their stretch.
type logText struct {
	text  []byte
	lines []span
}

// len is the number of entries.
func (g *gameLog) len() int { return len(g.seats) }

// seat is who played entry i.
func (g *gameLog) seat(i int) engine.Seat { return g.seats[i] }

// add appends an action's lines (describeIn), in each language it was
// put into words in.
func (g *gameLog) add(e logEntry) {
	if g.texts == nil {
		g.texts = make([]logText, len(i18n.Langs))
	}
	for l, labels := range e.labels {
		if labels != nil {
			g.viewers = len(labels)
			g.texts[l].add(labels)
		}
	}
	g.seats = append(g.seats, e.seat)
}

// speak appends entry i's lines in language l, which the log did not
// keep: called for every entry in order, it puts the whole log into l.
func (g *gameLog) speak(l i18n.Lang, i int, labels []string) {
	if i == 0 {
		g.texts[l] = logText{}
	}
	g.viewers = len(labels)
	g.texts[l].add(labels)
}

// add appends one entry's lines; labels are the seats' and, last, the
// spectators', as labelsOf gives them.
func (t *logText) add(labels []string) {
	spectators := labels[len(labels)-1]
	shared := t.appendLine(spectators)
	for _, label := range labels[:len(labels)-1] {
		if label == spectators {
			t.lines = append(t.lines, shared)
		} else {
			t.lines = append(t.lines, t.appendLine(label))
		}
	}
	t.lines = append(t.lines, shared)
}

// appendLine adds line to the text and returns its stretch.
func (t *logText) appendLine(line string) span {
	start := len(t.text)
	t.text = append(t.text, line...)
	return span{int32(start), int32(len(t.text))}
}

// label is entry i as viewer reads it in w's words: in w's language if
// the log keeps it, else in the first language it keeps.
func (g *gameLog) label(i int, viewer engine.Seat, w engine.Words) string {
	t := g.in(w.Lang)
	if t == nil {
		return ""
	}
	k := i*g.viewers + g.viewers - 1
	if viewer >= 0 && int(viewer) < g.viewers-1 {
		k = i*g.viewers + int(viewer)
	}
	line := t.lines[k]
	return withNames(string(t.text[line.start:line.end]), w)
}

// in returns the lines in language l, or in the first language kept when
// l is not (see speakLocked); nil when the log is empty.
func (g *gameLog) in(l i18n.Lang) *logText {
	if int(l) < len(g.texts) && len(g.texts[l].lines) > 0 {
		return &g.texts[l]
	}
	for i := range g.texts {
		if len(g.texts[i].lines) > 0 {
			return &g.texts[i]
		}
	}
	return nil
}

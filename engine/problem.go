package engine

import (
	"fmt"
	"strings"
)

// Problem is one thing wrong with a user's input (a card file, a deck list,
// a scenario): where it is, what is wrong, and how to fix it.
type Problem struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	// Subject names the card, deck entry or field concerned.
	Subject string `json:"subject,omitempty"`
	Msg     string `json:"message"`
	Fix     string `json:"fix,omitempty"`
}

// Error writes the problem as "file:line: subject: message (fix: ...)".
func (p Problem) Error() string {
	var b strings.Builder
	if p.File != "" {
		b.WriteString(p.File)
		if p.Line > 0 {
			fmt.Fprintf(&b, ":%d", p.Line)
		}
		b.WriteString(": ")
	} else if p.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", p.Line)
	}
	if p.Subject != "" {
		b.WriteString(p.Subject)
		b.WriteString(": ")
	}
	b.WriteString(p.Msg)
	if p.Fix != "" {
		b.WriteString(" (fix: ")
		b.WriteString(p.Fix)
		b.WriteString(")")
	}
	return b.String()
}

// Problems is a list of problems that is itself an error.
type Problems []Problem

// Error lists every problem, one a line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// Err returns ps as an error, or nil when it is empty.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}

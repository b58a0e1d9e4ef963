package engine

import (
	"fmt"
	"strings"

	"kartenwerk/engine/i18n"
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
	// Key names the catalogue messages <Key>.msg and <Key>.fix that say
	// Msg and Fix in every language, with Args as their name, value
	// pairs; empty for problems only designers meet, which stay English.
	Key  string `json:"-"`
	Args []any  `json:"-"`
}

// Spoken is the problem at where (its File, Line and Subject) that
// catalogue c words as key.msg and key.fix with args, its Msg and Fix in
// English; In says it in another language.
func Spoken(where Problem, c *i18n.Catalog, key string, args ...any) Problem {
	where.Key, where.Args = key, args
	return where.In(i18n.EN, c)
}

// In is p with Msg and Fix in language l, from catalogue c or, when c is
// nil, the shared words; a problem without a Key stays as written.
func (p Problem) In(l i18n.Lang, c *i18n.Catalog) Problem {
	if p.Key == "" {
		return p
	}
	if c == nil {
		c = i18n.Shared
	}
	p.Msg = c.T(l, p.Key+".msg", p.Args...)
	if c.Has(p.Key + ".fix") {
		p.Fix = c.T(l, p.Key+".fix", p.Args...)
	}
	return p
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

// In is every problem of ps in language l, from catalogue c (see
// Problem.In); ps itself is left as it is.
func (ps Problems) In(l i18n.Lang, c *i18n.Catalog) Problems {
	if ps == nil {
		return nil
	}
	out := make(Problems, len(ps))
	for i, p := range ps {
		out[i] = p.In(l, c)
	}
	return out
}

// Err returns ps as an error, or nil when it is empty.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}

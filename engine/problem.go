package engine

import (
	"fmt"
	"slices"
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
// nil, the shared words; a problem without a Key stays as written. Its
// fix is the one for a reader at the command line, which may name a
// command (`kartenwerk cards GAME`); OnPage is the one for a web page.
func (p Problem) In(l i18n.Lang, c *i18n.Catalog) Problem {
	return p.in(l, c, ".fix")
}

// OnPage is p as In says it, for a reader of the server's pages: where
// the catalogue has <Key>.fix_page, that is the fix, so that it names the
// page that does what the command line's fix names a command for (the
// card list at /cards/GAME rather than `kartenwerk cards GAME`).
func (p Problem) OnPage(l i18n.Lang, c *i18n.Catalog) Problem {
	return p.in(l, c, ".fix_page")
}

// in is p in language l with its fix from <Key><fix>, or <Key>.fix where
// the catalogue has no such key.
func (p Problem) in(l i18n.Lang, c *i18n.Catalog, fix string) Problem {
	if p.Key == "" {
		return p
	}
	if c == nil {
		c = i18n.Shared
	}
	args := wordsIn(l, c, p.Args)
	p.Msg = c.T(l, p.Key+".msg", args...)
	if !c.Has(p.Key + fix) {
		fix = ".fix"
	}
	if c.Has(p.Key + fix) {
		p.Fix = c.T(l, p.Key+fix, args...)
	}
	return p
}

// CatalogueWord is a problem's argument that is itself a word of the
// catalogue (a colour, a kind), said in the reader's language with the
// rest of the problem rather than as its id.
type CatalogueWord string

// CatalogueWords is a list of catalogue words, said joined by ", ".
type CatalogueWords []string

// wordsIn is args with every CatalogueWord and CatalogueWords said in l;
// args itself when there is none, so that most problems copy nothing.
func wordsIn(l i18n.Lang, c *i18n.Catalog, args []any) []any {
	var out []any
	for i, a := range args {
		var said string
		switch w := a.(type) {
		case CatalogueWord:
			said = c.T(l, string(w))
		case CatalogueWords:
			parts := make([]string, len(w))
			for j, k := range w {
				parts[j] = c.T(l, k)
			}
			said = strings.Join(parts, ", ")
		default:
			continue
		}
		if out == nil {
			out = slices.Clone(args)
		}
		out[i] = said
	}
	if out == nil {
		return args
	}
	return out
}

// Error writes the problem as "file:line: subject: message (fix: ...)".
func (p Problem) Error() string { return p.Text(i18n.EN) }

// Text writes the problem as Error does, its own words ("line", "fix") in
// language l: say it In l first for its message and fix in l too.
func (p Problem) Text(l i18n.Lang) string {
	var b strings.Builder
	if p.File != "" {
		b.WriteString(p.File)
		if p.Line > 0 {
			fmt.Fprintf(&b, ":%d", p.Line)
		}
		b.WriteString(": ")
	} else if p.Line > 0 {
		b.WriteString(i18n.Shared.T(l, "problem.line", "n", p.Line))
		b.WriteString(": ")
	}
	if p.Subject != "" {
		b.WriteString(p.Subject)
		b.WriteString(": ")
	}
	b.WriteString(p.Msg)
	if p.Fix != "" {
		b.WriteString(" (")
		b.WriteString(i18n.Shared.T(l, "problem.fix", "fix", p.Fix))
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
	return ps.each(Problem.In, l, c)
}

// OnPage is every problem of ps in language l for a reader of the
// server's pages (see Problem.OnPage); ps itself is left as it is.
func (ps Problems) OnPage(l i18n.Lang, c *i18n.Catalog) Problems {
	return ps.each(Problem.OnPage, l, c)
}

// each is say of every problem of ps, in a new list.
func (ps Problems) each(say func(Problem, i18n.Lang, *i18n.Catalog) Problem, l i18n.Lang, c *i18n.Catalog) Problems {
	if ps == nil {
		return nil
	}
	out := make(Problems, len(ps))
	for i, p := range ps {
		out[i] = say(p, l, c)
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

package i18n

import (
	"fmt"
	"slices"
	"strings"
	"text/template"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
)

// compiled is one message in one language, ready to put into words: a
// plain text as it is, a template parsed once, and for a message with
// plural forms one template per CLDR form.
type compiled struct {
	plain string // the text, when the message has no arguments
	forms [plural.Many + 1]*template.Template
	// spliced are the forms that only splice arguments into text, which
	// render without text/template: most messages, and the log's and the
	// table's hot path.
	spliced [plural.Many + 1][]segment
	plural  bool // forms besides "other": chosen by the counted argument
	// counted names the arguments that may pick the plural form, in the
	// order they are tried: "n", or the others as the "other" form uses
	// them, so that "add {{.missing}} cards" counts its missing cards.
	counted []string
}

// compileAll compiles a file's messages.
func compileAll(file string, msgs []*goi18n.Message) (map[string]*compiled, error) {
	out := make(map[string]*compiled, len(msgs))
	for _, m := range msgs {
		c, err := compile(m)
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %w", file, m.ID, err)
		}
		out[m.ID] = c
	}
	return out, nil
}

func compile(m *goi18n.Message) (*compiled, error) {
	c := &compiled{plural: m.Zero+m.One+m.Two+m.Few+m.Many != ""}
	if !c.plural && !strings.Contains(m.Other, "{{") {
		c.plain = m.Other
		return c, nil
	}
	sources := map[plural.Form]string{plural.Other: m.Other, plural.Zero: m.Zero, plural.One: m.One,
		plural.Two: m.Two, plural.Few: m.Few, plural.Many: m.Many}
	for form, src := range sources {
		if src == "" {
			continue
		}
		t, err := template.New("").Option("missingkey=default").Parse(src)
		if err != nil {
			return nil, err
		}
		c.forms[form] = t
		c.spliced[form] = splice(t)
	}
	if c.forms[plural.Other] == nil {
		return nil, fmt.Errorf(`no "other" form: every message needs one`)
	}
	if c.plural {
		c.counted = countedArgs(m.Other)
	}
	return c, nil
}

// countedArgs lists the arguments of a plural message's text that may
// pick its form: "n" alone where the text uses it, else all of them in
// the order they appear.
func countedArgs(src string) []string {
	var names []string
	for _, m := range argPattern.FindAllStringSubmatch(src, -1) {
		if !slices.Contains(names, m[1]) {
			names = append(names, m[1])
		}
	}
	if slices.Contains(names, "n") {
		return []string{"n"}
	}
	return names
}

// render puts the message into words with its name, value arguments.
func (c *compiled) render(l Lang, key string, kv []any) string {
	if c.forms[plural.Other] == nil {
		return c.plain
	}
	form := plural.Other
	if n, ok := c.count(kv); ok {
		if f := plural.Cardinal.MatchPlural(l.Tag(), n, 0, 0, 0, 0); c.forms[f] != nil {
			form = f
		}
	}
	kv = written(l, kv)
	if s, ok := spliceArgs(c.spliced[form], kv); ok {
		return s
	}
	data := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		name, _ := kv[i].(string)
		data[name] = kv[i+1]
	}
	var b strings.Builder
	if err := c.forms[form].Execute(&b, data); err != nil {
		return "⟦" + key + ": " + err.Error() + "⟧"
	}
	return b.String()
}

// count is the number that picks a plural message's form: the first of
// its counted arguments given as a whole number.
func (c *compiled) count(kv []any) (int, bool) {
	for _, name := range c.counted {
		if n, ok := count(arg(kv, name)); ok {
			return n, true
		}
	}
	return 0, false
}

// arg is the value of the named argument; the last one given wins, as
// when the arguments fill a template's map.
func arg(kv []any, name string) any {
	v, _ := lookup(kv, name)
	return v
}

func lookup(kv []any, name string) (any, bool) {
	for i := len(kv) - 2; i >= 0; i -= 2 {
		if k, _ := kv[i].(string); k == name {
			return kv[i+1], true
		}
	}
	return nil, false
}

// count reads a whole-number argument for choosing a plural form.
func count(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return abs(n), true
	case int8:
		return abs(int(n)), true
	case int16:
		return abs(int(n)), true
	case int32:
		return abs(int(n)), true
	case int64:
		return abs(int(n)), true
	case uint8:
		return int(n), true
	case uint16:
		return int(n), true
	case uint32:
		return int(n), true
	case Grouped:
		return abs(int(n)), true
	}
	return 0, false
}

func abs(n int) int { return max(n, -n) }

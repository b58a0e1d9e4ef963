package i18n

import (
	"fmt"
	"strings"
	"testing"
	"text/template"

	"golang.org/x/text/feature/plural"
)

type stringer struct{}

func (stringer) String() string { return "told" }

// A spliced message reads exactly as text/template would write it, for
// every kind of argument, a missing one and one given twice: the fast path
// may only be faster, never different.
func TestSplicedMessagesReadAsTheirTemplates(t *testing.T) {
	sources := []string{
		"plain {{.a}} and {{.b}}",
		"{{.a}}{{.a}}",
		"{{- .a -}} trimmed {{.b}}",
		"{{.a}} {{if .b}}yes{{end}}",
		"{{.a | printf \"%q\"}}",
		"{{$x := .a}}{{$x}}",
		"{{.a.b}}",
		"",
	}
	i := 7
	args := [][]any{
		{"a", "x", "b", 3},
		{"a", int64(-4), "b", uint8(9)},
		{"a", "x"},
		{"a", "x", "a", "y", "b", "z"},
		{"a", stringer{}, "b", &i},
		{"a", nil, "b", 2.5},
		{"a", true, "b", int32(1)},
		{},
	}
	for _, src := range sources {
		tmpl := template.Must(template.New("").Option("missingkey=default").Parse(src))
		segs := splice(tmpl)
		for _, kv := range args {
			want := execute(tmpl, kv)
			if got, ok := spliceArgs(segs, kv); ok && got != want {
				t.Errorf("%q with %v: spliced %q, template %q", src, kv, got, want)
			}
		}
	}
}

// The messages that only splice arguments take the fast path, and the
// others do not.
func TestWhichMessagesSplice(t *testing.T) {
	for src, want := range map[string]bool{
		"plain {{.a}}":           true,
		"{{- .a -}} x":           true,
		"":                       true,
		"{{if .a}}y{{end}}":      false,
		"{{.a | printf \"%d\"}}": false,
		"{{.a.b}}":               false,
		"{{$x := .a}}{{$x}}":     false,
		"{{template \"t\" .}}{{define \"t\"}}{{end}}": false,
	} {
		tmpl := template.Must(template.New("").Parse(src))
		if got := splice(tmpl) != nil; got != want {
			t.Errorf("%q splices: %v, want %v", src, got, want)
		}
	}
}

func execute(t *template.Template, kv []any) string {
	data := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		data[kv[i].(string)] = kv[i+1]
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return fmt.Sprint("error: ", err)
	}
	return b.String()
}

// BenchmarkRender measures a message that splices two arguments, the
// kind every log line and seat title is made of.
func BenchmarkRender(b *testing.B) {
	tmpl := template.Must(template.New("").Parse("{{.who}} plays {{.card}} for {{.n}}"))
	c := &compiled{}
	c.forms[plural.Other] = tmpl
	c.spliced[plural.Other] = splice(tmpl)
	b.ReportAllocs()
	for range b.N {
		c.render(EN, "k", []any{"who", "Player 1", "card", "Fire Drake", "n", 3})
	}
}

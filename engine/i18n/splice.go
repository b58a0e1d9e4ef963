package i18n

import (
	"reflect"
	"strconv"
	"text/template"
	"text/template/parse"
)

// segment is a piece of a spliced message: text as it is, or (when arg
// is set) the value of the argument of that name.
type segment struct {
	text string
	arg  string
}

// splice lists t's pieces when t only puts arguments into text
// ({{.name}}, nothing else), or returns nil for a template that needs
// text/template (functions, conditions, pipelines).
func splice(t *template.Template) []segment {
	if t.Tree == nil || t.Tree.Root == nil {
		return nil
	}
	var out []segment
	for _, n := range t.Tree.Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			out = append(out, segment{text: string(n.Text)})
		case *parse.ActionNode:
			name, ok := plainField(n.Pipe)
			if !ok {
				return nil
			}
			out = append(out, segment{arg: name})
		default:
			return nil
		}
	}
	if out == nil {
		out = []segment{} // an empty template splices to ""
	}
	return out
}

// plainField is the name of a pipeline that is a single field, {{.name}}.
func plainField(p *parse.PipeNode) (string, bool) {
	if p == nil || len(p.Decl) > 0 || len(p.Cmds) != 1 || len(p.Cmds[0].Args) != 1 {
		return "", false
	}
	f, ok := p.Cmds[0].Args[0].(*parse.FieldNode)
	if !ok || len(f.Ident) != 1 {
		return "", false
	}
	return f.Ident[0], true
}

// spliceArgs renders spliced pieces with the arguments kv, as text/template
// would print them; it reports false (and the caller runs the template)
// when a piece is missing or an argument is of a kind it does not print
// itself, so the output never differs from the template's. The text is
// put together on the stack and copied once: every move's log line and
// legal actions are rendered here.
func spliceArgs(segs []segment, kv []any) (string, bool) {
	switch {
	case segs == nil:
		return "", false
	case len(segs) == 1 && segs[0].arg == "":
		return segs[0].text, true
	}
	var room [256]byte
	out := room[:0]
	for _, s := range segs {
		if s.arg == "" {
			out = append(out, s.text...)
			continue
		}
		v, ok := lookup(kv, s.arg)
		if !ok {
			return "", false
		}
		if out, ok = appendPrinted(out, v); !ok {
			return "", false
		}
	}
	return string(out), true
}

// appendPrinted appends v as text/template prints it, for the kinds of
// value whose printing does not depend on methods: strings and whole
// numbers of the built-in types.
func appendPrinted(out []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case string:
		return append(out, v...), true
	case int:
		return strconv.AppendInt(out, int64(v), 10), true
	case int8, int16, int32, int64:
		return strconv.AppendInt(out, reflect.ValueOf(v).Int(), 10), true
	case uint, uint8, uint16, uint32, uint64:
		return strconv.AppendUint(out, reflect.ValueOf(v).Uint(), 10), true
	}
	return out, false
}

package cardpool

import (
	"bytes"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"kartenwerk/engine"
)

// An edited card file is written as its designer wrote it, with only the
// edited values changed: a tuned or swept file is read beside the
// original, and a file written anew from its data loses its comments
// and order and differs on every line. The edits are made in the text
// where the file's layout makes that sure (the field's value, or the
// card's name where the field is added, a plain scalar on one line);
// elsewhere the file is written anew.

// splice is a change to a file's text: the bytes from start to end
// become text.
type splice struct {
	start, end int
	text       string
}

// editInText returns data with edits (card name to fields' new values)
// made in its text, and reports false if its layout does not allow that
// or the result does not read as want, the file edited as data.
func editInText(data []byte, edits map[string]map[string]any, want yaml.MapSlice) ([]byte, bool) {
	file, err := engine.YAMLParse(data, parser.ParseComments)
	if err != nil || len(file.Docs) != 1 {
		return nil, false
	}
	cards, ok := cardsSequence(file.Docs[0].Body)
	if !ok {
		return nil, false
	}
	splices, ok := cardSplices(data, cards, edits)
	if !ok {
		return nil, false
	}
	out, ok := applySplices(data, splices)
	return out, ok && readsAs(out, want)
}

// cardSplices are the changes that make the edits to the cards list, or
// false if a card edited is not in it or a change cannot be made in the
// text.
func cardSplices(data []byte, cards *ast.SequenceNode, edits map[string]map[string]any) ([]splice, bool) {
	lines := lineStarts(data)
	var splices []splice
	done := map[string]bool{}
	for _, entry := range cards.Values {
		m, ok := entry.(*ast.MappingNode)
		if !ok {
			continue
		}
		name, nameKV, ok := entryName(m)
		set, edited := edits[key(name)]
		if !ok || !edited {
			continue
		}
		done[key(name)] = true
		for _, field := range slices.Sorted(maps.Keys(set)) {
			sp, ok := fieldSplice(data, lines, m, nameKV, field, set[field])
			if !ok {
				return nil, false
			}
			splices = append(splices, sp)
		}
	}
	return splices, len(done) == len(edits)
}

// cardsSequence finds the top-level cards list of a file's body.
func cardsSequence(body ast.Node) (*ast.SequenceNode, bool) {
	top, ok := body.(*ast.MappingNode)
	if !ok {
		return nil, false
	}
	for _, kv := range top.Values {
		if keyText(kv.Key) == "cards" {
			seq, ok := kv.Value.(*ast.SequenceNode)
			return seq, ok && !seq.IsFlowStyle
		}
	}
	return nil, false
}

// entryName returns a card entry's name and the member that names it.
func entryName(m *ast.MappingNode) (string, *ast.MappingValueNode, bool) {
	for _, kv := range m.Values {
		if keyText(kv.Key) != "name" {
			continue
		}
		if s, ok := kv.Value.(*ast.StringNode); ok {
			return s.Value, kv, true
		}
	}
	return "", nil, false
}

// fieldSplice is the change that sets field of the card entry m to
// value: its value replaced where the entry has the field, else the
// field added after the entry's name: on a line of its own at the name's
// indentation in a block, after a comma in braces.
func fieldSplice(data []byte, lines []int, m *ast.MappingNode, name *ast.MappingValueNode, field string, value any) (splice, bool) {
	text, ok := scalarText(value)
	if !ok {
		return splice{}, false
	}
	for _, kv := range m.Values {
		if !strings.EqualFold(keyText(kv.Key), field) {
			continue
		}
		start, end, ok := plainScalarAt(data, lines, kv.Value)
		return splice{start, end, text}, ok
	}
	if m.IsFlowStyle {
		_, end, ok := plainScalarAt(data, lines, name.Value)
		return splice{end, end, ", " + field + ": " + text}, ok
	}
	pos := name.Key.GetToken().Position
	if pos == nil || pos.Line >= len(lines) {
		return splice{}, false
	}
	next := lines[pos.Line] // the start of the line after the name's
	return splice{next, next, strings.Repeat(" ", pos.Column-1) + field + ": " + text + "\n"}, true
}

// plainScalarAt finds where the value of node, a plain scalar, is written
// in data, and reports false for any other node (a quoted scalar, whose
// text is not its value; a list).
func plainScalarAt(data []byte, lines []int, node ast.Node) (start, end int, ok bool) {
	tk := node.GetToken()
	if _, scalar := node.(ast.ScalarNode); !scalar || tk == nil || tk.Position == nil || tk.Value == "" {
		return 0, 0, false
	}
	start, ok = byteAt(data, lines, tk.Position.Line, tk.Position.Column)
	if !ok || !bytes.HasPrefix(data[start:], []byte(tk.Value)) {
		return 0, 0, false
	}
	return start, start + len(tk.Value), true
}

// keyText is a mapping key as written, without its comments.
func keyText(k ast.MapKeyNode) string { return k.GetToken().Value }

// scalarText is value as a one-line YAML scalar.
func scalarText(value any) (string, bool) {
	b, err := yaml.Marshal(value)
	if err != nil {
		return "", false
	}
	s := strings.TrimSuffix(string(b), "\n")
	return s, s != "" && !strings.ContainsAny(s, "\n")
}

// lineStarts lists where each line of data starts, the first at 0; the
// last entry is len(data) when data ends with a newline.
func lineStarts(data []byte) []int {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// byteAt is the byte offset of a 1-based line and column, the column
// counted in characters as the parser counts it.
func byteAt(data []byte, lines []int, line, column int) (int, bool) {
	if line < 1 || line > len(lines) || column < 1 {
		return 0, false
	}
	i := lines[line-1]
	for c := 1; c < column; c++ {
		if i >= len(data) || data[i] == '\n' {
			return 0, false
		}
		_, size := utf8.DecodeRune(data[i:])
		i += size
	}
	return i, true
}

// applySplices makes the changes in a copy of data, lines added at one
// place in the order given; it reports false if two overlap (one field
// named twice, in two cases).
func applySplices(data []byte, splices []splice) ([]byte, bool) {
	slices.SortStableFunc(splices, func(a, b splice) int { return a.start - b.start })
	out := make([]byte, 0, len(data)+64)
	at := 0
	for _, sp := range splices {
		if sp.start < at {
			return nil, false
		}
		out = append(append(out, data[at:sp.start]...), sp.text...)
		at = sp.end
	}
	return append(out, data[at:]...), true
}

// readsAs reports whether data decodes to the same values as want.
func readsAs(data []byte, want yaml.MapSlice) bool {
	var got, wanted any
	plain, err := yaml.Marshal(want)
	if err != nil || engine.YAMLUnmarshal(plain, &wanted) != nil || engine.YAMLUnmarshal(data, &got) != nil {
		return false
	}
	return reflect.DeepEqual(got, wanted)
}

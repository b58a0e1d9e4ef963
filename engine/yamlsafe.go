package engine

import (
	"errors"
	"fmt"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// ErrYAMLUnreadable is the error of a text on which the YAML library
// itself failed: goccy/go-yaml v1.19.2 panics on some malformed input, such
// as a tag before a list ("cards: !x" followed by a scalar), and a card
// file, scenario or lab edit comes from whoever writes it.
var ErrYAMLUnreadable = errors.New("this text cannot be read as YAML: look for a tag (a word after !) or another unusual construct, and write the value plainly")

// AliasMsg and AliasFix say why a text with an anchor or alias is refused.
const (
	AliasMsg = "anchors and aliases (&name, *name) are not allowed in card files or scenarios"
	AliasFix = "write the value out"
)

// YAMLAliasError is the error of a text from a user that holds an anchor
// (&name) or an alias (*name). The library expands every alias when it
// decodes, so that a few hundred bytes of nested aliases ("billion
// laughs") become gigabytes; no shipped card file, scenario or deck list
// uses them, so they are refused outright, before anything is expanded.
type YAMLAliasError struct {
	Line, Column int
}

func (e *YAMLAliasError) Error() string {
	return fmt.Sprintf("line %d: %s: %s", e.Line, AliasMsg, AliasFix)
}

// noAliases is a *YAMLAliasError at the first anchor or alias of data, or
// nil. It only splits the text into tokens, which takes time in
// proportion to its length: nothing is expanded.
func noAliases(data []byte) (err error) {
	defer recoverYAML(&err)
	for _, tk := range lexer.Tokenize(string(data)) {
		if tk.Type != token.AnchorType && tk.Type != token.AliasType {
			continue
		}
		e := &YAMLAliasError{}
		if tk.Position != nil {
			e.Line, e.Column = tk.Position.Line, tk.Position.Column
		}
		return e
	}
	return nil
}

// YAMLUnmarshal is yaml.UnmarshalWithOptions for text from a user: where
// the library fails on the text, it is ErrYAMLUnreadable, not a panic, and
// a text with an anchor or alias is a *YAMLAliasError, not decoded.
func YAMLUnmarshal(data []byte, v any, opts ...yaml.DecodeOption) (err error) {
	if err := noAliases(data); err != nil {
		return err
	}
	defer recoverYAML(&err)
	return yaml.UnmarshalWithOptions(data, v, opts...)
}

// YAMLParse is parser.ParseBytes for text from a user, as YAMLUnmarshal is.
func YAMLParse(data []byte, mode parser.Mode) (f *ast.File, err error) {
	if err := noAliases(data); err != nil {
		return nil, err
	}
	defer recoverYAML(&err)
	return parser.ParseBytes(data, mode)
}

// YAMLToJSON is yaml.YAMLToJSON for text from a user, as YAMLUnmarshal is.
func YAMLToJSON(data []byte) (js []byte, err error) {
	if err := noAliases(data); err != nil {
		return nil, err
	}
	defer recoverYAML(&err)
	return yaml.YAMLToJSON(data)
}

func recoverYAML(err *error) {
	if recover() != nil {
		*err = ErrYAMLUnreadable
	}
}

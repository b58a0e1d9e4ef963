package engine

import (
	"errors"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// ErrYAMLUnreadable is the error of a text on which the YAML library
// itself failed: goccy/go-yaml v1.19.2 panics on some malformed input, such
// as a tag before a list ("cards: !x" followed by a scalar), and a card
// file, scenario or lab edit comes from whoever writes it.
var ErrYAMLUnreadable = errors.New("this text cannot be read as YAML: look for a tag (a word after !) or another unusual construct, and write the value plainly")

// YAMLUnmarshal is yaml.UnmarshalWithOptions for text from a user: where
// the library fails on the text, it is ErrYAMLUnreadable, not a panic.
func YAMLUnmarshal(data []byte, v any, opts ...yaml.DecodeOption) (err error) {
	defer recoverYAML(&err)
	return yaml.UnmarshalWithOptions(data, v, opts...)
}

// YAMLParse is parser.ParseBytes for text from a user, as YAMLUnmarshal is.
func YAMLParse(data []byte, mode parser.Mode) (f *ast.File, err error) {
	defer recoverYAML(&err)
	return parser.ParseBytes(data, mode)
}

// YAMLToJSON is yaml.YAMLToJSON for text from a user, as YAMLUnmarshal is.
func YAMLToJSON(data []byte) (js []byte, err error) {
	defer recoverYAML(&err)
	return yaml.YAMLToJSON(data)
}

func recoverYAML(err *error) {
	if recover() != nil {
		*err = ErrYAMLUnreadable
	}
}

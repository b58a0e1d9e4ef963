package engine

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// YAMLFile is a decoded YAML input file that can still say on which line a
// value stood, so that checks after decoding (a bad value, a dangling
// reference) report file:line like the decoder does.
type YAMLFile struct {
	Name string
	file *ast.File
}

// DecodeYAML decodes data strictly into v: an unknown field, a duplicate
// key or a value of the wrong type is a Problem naming file and line.
func DecodeYAML(name string, data []byte, v any) (*YAMLFile, error) {
	f, err := YAMLParse(data, 0)
	if err != nil {
		return nil, yamlProblem(name, err)
	}
	if err := YAMLUnmarshal(data, v, yaml.Strict(), yaml.DisallowUnknownField()); err != nil {
		return nil, yamlProblem(name, err)
	}
	return &YAMLFile{Name: name, file: f}, nil
}

func yamlProblem(name string, err error) Problem {
	var ae *YAMLAliasError
	if errors.As(err, &ae) {
		return Problem{File: name, Line: ae.Line, Msg: AliasMsg, Fix: AliasFix}
	}
	var ye yaml.Error
	if errors.As(err, &ye) {
		p := Problem{File: name, Msg: ye.GetMessage()}
		if tok := ye.GetToken(); tok != nil && tok.Position != nil {
			p.Line = tok.Position.Line
		}
		if strings.Contains(p.Msg, "unknown field") {
			p.Fix = "check the spelling against the game's card schema (kartenwerk schema GAME)"
		}
		return p
	}
	return Problem{File: name, Msg: err.Error()}
}

// Line returns the line of the value at a YAML path such as "$.cards[3]"
// or "$.cards[3].power", or 0 if there is none.
func (f *YAMLFile) Line(path string) (line int) {
	if f == nil || f.file == nil {
		return 0
	}
	defer func() {
		if recover() != nil {
			line = 0 // the library failed on the file's tree: no line to give
		}
	}()
	p, err := yaml.PathString(path)
	if err != nil {
		return 0
	}
	n, err := p.FilterFile(f.file)
	if err != nil || n == nil || n.GetToken() == nil || n.GetToken().Position == nil {
		return 0
	}
	return n.GetToken().Position.Line
}

// Problem makes a Problem located at the value at path.
func (f *YAMLFile) Problem(path, subject, msg, fix string) Problem {
	return Problem{File: f.Name, Line: f.Line(path), Subject: subject, Msg: msg, Fix: fix}
}

// EntryProblems collects the problems of one entry of a YAML file, such
// as a card, each at one of its fields: a game checks a card field by
// field and says everything wrong with it at once.
type EntryProblems struct {
	File    *YAMLFile
	At      string // the entry's path: "$.cards[3]"
	Subject string // the entry's name, as its problems name it
	List    Problems
}

// Add records a problem of the entry's field ("hp", "abilities[2]"; ""
// for the entry as a whole). A problem of a field the file does not
// write, one that is missing, points at the entry's line.
func (e *EntryProblems) Add(field, msg, fix string) {
	path := e.At
	if field != "" {
		path += "." + field
	}
	p := e.File.Problem(path, e.Subject, msg, fix)
	if p.Line == 0 {
		p.Line = e.File.Line(e.At)
	}
	e.List = append(e.List, p)
}

// Schema is a compiled JSON Schema for a game's card files.
type Schema struct {
	sch *jsonschema.Schema
}

// CompileSchema compiles a JSON Schema document; schemas are shipped with
// the code, so an error here is a bug.
func CompileSchema(name string, doc []byte) (*Schema, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(name, v); err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	sch, err := c.Compile(name)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	return &Schema{sch: sch}, nil
}

// Validate checks a YAML file against the schema and returns one Problem
// for each violation, with its line.
func (s *Schema) Validate(name string, data []byte) Problems {
	js, err := YAMLToJSON(data)
	if err != nil {
		return Problems{yamlProblem(name, err)}
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		return Problems{{File: name, Msg: err.Error()}}
	}
	err = s.sch.Validate(inst)
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	f, _ := YAMLParse(data, 0)
	yf := &YAMLFile{Name: name, file: f}
	var out Problems
	for _, u := range ve.BasicOutput().Errors {
		if u.Error == nil {
			continue
		}
		path := pointerToPath(u.InstanceLocation)
		switch k := u.Error.Kind.(type) {
		case *kind.Group, *kind.Reference:
			continue // "validation failed" for a node whose parts failed: the parts say what
		case *kind.AdditionalProperties:
			for _, prop := range k.Properties { // each on its own line, not the object's
				at := path + "." + prop
				out = append(out, Problem{File: name, Line: yf.Line(at), Subject: at,
					Msg: fmt.Sprintf("unknown field %q", prop)})
			}
			continue
		}
		out = append(out, Problem{File: name, Line: yf.Line(path), Subject: path, Msg: u.Error.String()})
	}
	if len(out) == 0 {
		out = append(out, Problem{File: name, Msg: ve.Error()})
	}
	slices.SortStableFunc(out, func(a, b Problem) int { return a.Line - b.Line })
	return out
}

// pointerToPath turns a JSON pointer ("/cards/3/power") into a YAML path
// ("$.cards[3].power").
func pointerToPath(ptr string) string {
	var b strings.Builder
	b.WriteString("$")
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		if tok == "" {
			continue
		}
		if _, err := strconv.Atoi(tok); err == nil {
			b.WriteString("[" + tok + "]")
		} else {
			b.WriteString("." + strings.NewReplacer("~1", "/", "~0", "~").Replace(tok))
		}
	}
	return b.String()
}

// WholeNumber reads a decoded YAML value as an int, if it is a whole
// number that fits one: the decoder gives int, int64, uint64 or float64
// as the text was written.
func WholeNumber(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), int64(int(n)) == n
	case uint64:
		return int(n), n <= math.MaxInt32
	case float64:
		return int(n), n == math.Trunc(n) && math.Abs(n) <= math.MaxInt32
	}
	return 0, false
}

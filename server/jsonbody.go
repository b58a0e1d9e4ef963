package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"kartenwerk/engine/cardpool"
)

// bodyProblem says what is wrong with a JSON request body that did not
// decode into v, in the API's words rather than Go's: where, and what
// would be right ("field "first" must be a number, not a string", "did
// you mean "variant"?"), never a Go type's name.
func bodyProblem(err error, v any) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Sprintf("malformed JSON body at byte %d: %s", syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &typ) && typ.Field == "":
		return fmt.Sprintf("the body must be a JSON object, not %s", article(typ.Value))
	case errors.As(err, &typ):
		return fmt.Sprintf("field %q must be %s, not %s", typ.Field, jsonKind(typ.Type), article(typ.Value))
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name = strings.Trim(name, `"`)
		fields := jsonFields(reflect.TypeOf(v))
		if near, ok := cardpool.Nearest(name, slices.Values(fields)); ok {
			return fmt.Sprintf("unknown field %q in the JSON body: did you mean %q?", name, near)
		}
		return fmt.Sprintf("unknown field %q in the JSON body; the fields its objects may have are %s", name, strings.Join(fields, ", "))
	}
	return "malformed JSON body: " + strings.TrimPrefix(err.Error(), "json: ")
}

// article is a JSON value's kind as encoding/json names it ("array",
// "number -5") with its article: "an array", "a number".
func article(value string) string {
	if strings.HasPrefix(value, "a") || strings.HasPrefix(value, "o") {
		return "an " + value
	}
	return "a " + value
}

// jsonKind is what JSON value a Go type takes, in a reader's words.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "another kind of value"
}

// jsonFields are the JSON names of the fields of t (a struct, or what a
// pointer, list or map of t holds) and of the structs inside it, each
// once: an unknown field may stand in any of them.
func jsonFields(t reflect.Type) []string {
	var out []string
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for f := range t.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
			walk(f.Type)
		}
	}
	walk(t)
	return out
}

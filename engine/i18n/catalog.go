package i18n

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// Catalog is one set of messages in every language. Keys are dotted paths
// of the YAML files' nesting ("zone.hand"); a message is a string, or a
// map of CLDR plural forms (one, few, many, other) chosen by the argument
// "n" or, in a message whose text does not use it, by the first
// whole-number argument the text uses ("add {{.missing}} cards"). The
// names of plural forms and go-i18n's fields (zero, one, two, few, many,
// other, id, description, hash, leftdelim, rightdelim) are reserved: no
// key may end in one of them.
type Catalog struct {
	name   string
	bundle *goi18n.Bundle
	keys   []string
	src    map[string]string // English sources, to tell plain words from templates
	// msgs are the messages compiled once per language: go-i18n reads and
	// checks the files, and a message is then put into words without
	// matching languages or parsing templates again (words are asked for
	// on every move of every table).
	msgs   [len(codes)]map[string]*compiled
	parent *Catalog
}

// Load reads dir/en.yaml, dir/de.yaml and dir/cs.yaml from fsys. Every
// language must have the same keys, and each message the same arguments
// in every language; the error lists every difference by file. Keys
// missing here are looked up in parent (the shared words), if any.
func Load(name string, fsys fs.FS, dir string, parent *Catalog) (*Catalog, error) {
	c := &Catalog{name: name, bundle: goi18n.NewBundle(tags[EN]), parent: parent}
	c.bundle.RegisterUnmarshalFunc("yaml", yaml.Unmarshal)
	perLang := make([]map[string]string, len(codes))
	var errs []error
	for l, code := range codes {
		file := path.Join(dir, code+".yaml")
		buf, err := fs.ReadFile(fsys, file)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s messages: %w", name, err))
			continue
		}
		mf, err := c.bundle.ParseMessageFileBytes(buf, file)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", file, err))
			continue
		}
		perLang[l] = sources(mf.Messages)
		if c.msgs[l], err = compileAll(file, mf.Messages); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if err := sameKeys(name, dir, perLang); err != nil {
		return nil, err
	}
	c.src = perLang[EN]
	for k := range perLang[EN] {
		c.keys = append(c.keys, k)
	}
	slices.Sort(c.keys)
	return c, nil
}

// MustLoad is Load for catalogues embedded in the binary, whose errors
// are the program's: it panics.
func MustLoad(name string, fsys fs.FS, dir string, parent *Catalog) *Catalog {
	c, err := Load(name, fsys, dir, parent)
	if err != nil {
		panic(err)
	}
	return c
}

// sources joins each message's plural forms, for comparing arguments.
func sources(msgs []*goi18n.Message) map[string]string {
	out := make(map[string]string, len(msgs))
	for _, m := range msgs {
		out[m.ID] = strings.Join([]string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other}, "\x00")
	}
	return out
}

var argPattern = regexp.MustCompile(`\{\{\s*\.(\w+)`)

// args lists the distinct arguments a message's forms use.
func args(src string) []string {
	var out []string
	for _, m := range argPattern.FindAllStringSubmatch(src, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

func sameKeys(name, dir string, perLang []map[string]string) error {
	var errs []error
	all := map[string]bool{}
	for _, m := range perLang {
		for k := range m {
			all[k] = true
		}
	}
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		want := args(perLang[EN][k])
		for l, m := range perLang {
			src, ok := m[k]
			file := path.Join(dir, codes[l]+".yaml")
			switch {
			case !ok:
				errs = append(errs, fmt.Errorf("%s: %s has no %q; add it (every language needs every key)", file, name, k))
			case !slices.Equal(args(src), want) && Lang(l) != EN:
				errs = append(errs, fmt.Errorf("%s: %q uses arguments %v, but en.yaml uses %v", file, k, args(src), want))
			}
		}
	}
	return errors.Join(errs...)
}

// Name is the catalogue's name, for messages about it.
func (c *Catalog) Name() string { return c.name }

// Keys lists the catalogue's own keys, sorted.
func (c *Catalog) Keys() []string { return c.keys }

// Has reports whether the catalogue or its parent has key.
func (c *Catalog) Has(key string) bool {
	for ; c != nil; c = c.parent {
		if _, found := slices.BinarySearch(c.keys, key); found {
			return true
		}
	}
	return false
}

// T puts key into language l with its arguments, given as name, value
// pairs: T(DE, "log.attack", "card", "Bubblit", "n", 12). The argument
// "n" (or the message's first whole-number one) picks the plural form. A key that no catalogue has
// comes out as ⟦key⟧, which tests look for.
func (c *Catalog) T(l Lang, key string, kv ...any) string {
	for cat := c; cat != nil; cat = cat.parent {
		if _, found := slices.BinarySearch(cat.keys, key); found {
			return cat.localize(l, key, kv)
		}
	}
	return "⟦" + key + "⟧"
}

func (c *Catalog) localize(l Lang, key string, kv []any) string {
	m := c.msgs[l][key]
	if m == nil {
		return "⟦" + key + "⟧"
	}
	return m.render(l, key, kv)
}

// Words returns every message under prefix ("zone.") in language l, by
// key without the prefix: the names a page looks up itself. Messages
// with arguments or plural forms are left out.
func (c *Catalog) Words(l Lang, prefix string) map[string]string {
	out := map[string]string{}
	var chain []*Catalog
	for cat := c; cat != nil; cat = cat.parent {
		chain = append(chain, cat)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		for _, k := range chain[i].keys {
			if strings.HasPrefix(k, prefix) && !strings.Contains(chain[i].src[k], "{{") {
				out[strings.TrimPrefix(k, prefix)] = chain[i].localize(l, k, nil)
			}
		}
	}
	return out
}

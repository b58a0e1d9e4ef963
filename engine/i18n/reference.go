package i18n

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"

	"github.com/goccy/go-yaml"
)

// Reference is a game's rules in a reader's language, organised by the
// rules digest's ids, with a glossary of its stats and keywords.
type Reference struct {
	Title    string    `yaml:"title"`
	Sections []Section `yaml:"sections"`
	Glossary []Term    `yaml:"glossary"`
}

// Section is one numbered part of the rules ("4 Turn structure").
type Section struct {
	ID    string `yaml:"id"`
	Title string `yaml:"title"`
	Rules []Rule `yaml:"rules"`
}

// Rule is one rule by its digest id ("MM-4.2"), in the project's words.
type Rule struct {
	ID    string `yaml:"id"`
	Title string `yaml:"title"`
	Text  string `yaml:"text"`
}

// Term is a glossary entry: a stat, keyword or zone and what it means.
type Term struct {
	Term string `yaml:"term"`
	Text string `yaml:"text"`
	// Rules are the ids of the rules that define the term.
	Rules []string `yaml:"rules,omitempty"`
}

// RuleIDs lists the reference's rule ids in order.
func (r *Reference) RuleIDs() []string {
	var ids []string
	for _, s := range r.Sections {
		for _, rule := range s.Rules {
			ids = append(ids, rule.ID)
		}
	}
	return ids
}

// Rule is the rule of this id, if the reference has it.
func (r *Reference) Rule(id string) (Rule, bool) {
	for _, s := range r.Sections {
		for _, rule := range s.Rules {
			if rule.ID == id {
				return rule, true
			}
		}
	}
	return Rule{}, false
}

// LoadReference reads dir/en.yaml, de.yaml and cs.yaml from fsys; every
// language must give the same rule ids in the same order and as many
// glossary terms.
func LoadReference(fsys fs.FS, dir string) ([len(codes)]*Reference, error) {
	var refs [len(codes)]*Reference
	var errs []error
	for l, code := range codes {
		file := path.Join(dir, code+".yaml")
		buf, err := fs.ReadFile(fsys, file)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		var r Reference
		if err := yaml.UnmarshalWithOptions(buf, &r, yaml.Strict()); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", file, err))
			continue
		}
		refs[l] = &r
	}
	if len(errs) > 0 {
		return refs, errors.Join(errs...)
	}
	for l := range codes {
		if !slices.Equal(refs[l].RuleIDs(), refs[EN].RuleIDs()) {
			errs = append(errs, fmt.Errorf("%s: its rule ids differ from en.yaml's; every language lists the same rules in the same order", path.Join(dir, codes[l]+".yaml")))
		}
		if len(refs[l].Glossary) != len(refs[EN].Glossary) {
			errs = append(errs, fmt.Errorf("%s: %d glossary terms, en.yaml has %d", path.Join(dir, codes[l]+".yaml"), len(refs[l].Glossary), len(refs[EN].Glossary)))
		}
	}
	return refs, errors.Join(errs...)
}

// References is a game's rules reference in every language.
type References [len(codes)]*Reference

// MustLoadReference is LoadReference for references embedded in the
// binary, whose errors are the program's: it panics.
func MustLoadReference(fsys fs.FS, dir string) References {
	refs, err := LoadReference(fsys, dir)
	if err != nil {
		panic(err)
	}
	return refs
}

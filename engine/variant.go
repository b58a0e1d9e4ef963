package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// VariantSpec declares one rule reading a game lets players choose.
type VariantSpec struct {
	Key     string   `json:"key"`
	Options []string `json:"options"`
	Default string   `json:"default"`
	// Rule is the digest's rule id this reading concerns ("ME-10.6").
	Rule string `json:"rule"`
	Doc  string `json:"doc"`
}

// ResolveVariants checks the chosen readings against specs and fills in
// defaults. An unknown key or option is an error that lists what exists.
func ResolveVariants(specs []VariantSpec, chosen map[string]string) (map[string]string, error) {
	out := make(map[string]string, len(specs))
	for _, s := range specs {
		out[s.Key] = s.Default
	}
	keys := make([]string, 0, len(chosen))
	for k := range chosen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := chosen[k]
		i := slices.IndexFunc(specs, func(s VariantSpec) bool { return s.Key == k })
		if i < 0 {
			return nil, fmt.Errorf("unknown variant %q: this game has %s", k, variantKeys(specs))
		}
		if !slices.Contains(specs[i].Options, v) {
			return nil, fmt.Errorf("variant %s=%q: choose one of %s", k, v, strings.Join(specs[i].Options, ", "))
		}
		out[k] = v
	}
	return out, nil
}

func variantKeys(specs []VariantSpec) string {
	if len(specs) == 0 {
		return "no variants"
	}
	keys := make([]string, len(specs))
	for i, s := range specs {
		keys[i] = s.Key
	}
	return "the variants " + strings.Join(keys, ", ")
}

// ParseVariantFlags reads "key=value" words, as given on a command line.
// A malformed word is refused with the form alone; ParseVariants also
// gives an example of the game's own.
func ParseVariantFlags(words []string) (map[string]string, error) {
	return parseVariants(words, "")
}

// ParseVariants reads "key=value" words for a game with the variants
// specs: a malformed word is refused with an example made of one of the
// game's own variants and its options.
func ParseVariants(specs []VariantSpec, words []string) (map[string]string, error) {
	return parseVariants(words, VariantExample(specs))
}

func parseVariants(words []string, example string) (map[string]string, error) {
	out := make(map[string]string, len(words))
	for _, w := range words {
		for _, part := range strings.Split(w, ",") {
			k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
			if !ok || k == "" || v == "" {
				return nil, fmt.Errorf("variant %q: write key=value%s", part, example)
			}
			out[k] = v
		}
	}
	return out, nil
}

// VariantExample is ", e.g. KEY=OPTION" made of the first of specs with
// an option besides its default (the reading one would choose a variant
// for), or "; this game has no variants" when specs are empty.
func VariantExample(specs []VariantSpec) string {
	if len(specs) == 0 {
		return "; this game has no variants"
	}
	for _, s := range specs {
		for _, o := range s.Options {
			if o != s.Default {
				return fmt.Sprintf(", e.g. %s=%s", s.Key, o)
			}
		}
	}
	return fmt.Sprintf(", e.g. %s=%s", specs[0].Key, specs[0].Default)
}

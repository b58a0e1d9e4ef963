package mystimons

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// digestRules are the rule ids of the MystiMons digest.
var digestRules = []string{
	"MM-1.1", "MM-1.2", "MM-1.3", "MM-2.1", "MM-2.2", "MM-2.3", "MM-2.4",
	"MM-2.5", "MM-2.6", "MM-2.7", "MM-2.8", "MM-2.9", "MM-2.10", "MM-2.11",
	"MM-2.12", "MM-2.13", "MM-2.14", "MM-2.15", "MM-2.16", "MM-3.1", "MM-3.2",
	"MM-3.3", "MM-3.4", "MM-3.5", "MM-3.6", "MM-3.7", "MM-4.1", "MM-4.2",
	"MM-4.3", "MM-4.4", "MM-4.5", "MM-4.6", "MM-5.1", "MM-5.2", "MM-5.3",
	"MM-5.4", "MM-5.5", "MM-5.6", "MM-5.7", "MM-5.8", "MM-5.9", "MM-5.10",
	"MM-6.1", "MM-6.2", "MM-6.3", "MM-6.4", "MM-6.5", "MM-6.6", "MM-6.7",
	"MM-6.8", "MM-6.9", "MM-6.10", "MM-6.11", "MM-6.12", "MM-6.13", "MM-7.1",
	"MM-7.2", "MM-7.3", "MM-7.4", "MM-7.5", "MM-8.1", "MM-8.2", "MM-8.3",
	"MM-8.4", "MM-8.5", "MM-8.6", "MM-8.7", "MM-8.8", "MM-9.1", "MM-9.2",
	"MM-9.3", "MM-9.4", "MM-9.5", "MM-9.6", "MM-9.7", "MM-9.8", "MM-10.1",
	"MM-10.2", "MM-10.3", "MM-10.4", "MM-10.5", "MM-10.6", "MM-10.7",
	"MM-10.8", "MM-10.9", "MM-10.10", "MM-10.11", "MM-10.12", "MM-10.13",
	"MM-10.14", "MM-10.15", "MM-10.16", "MM-10.17", "MM-10.18", "MM-10.19",
	"MM-10.20", "MM-10.21", "MM-10.22", "MM-10.23", "MM-10.U1", "MM-10.U2",
	"MM-10.U3", "MM-10.U4", "MM-10.U5", "MM-10.U6", "MM-10.U7", "MM-10.U8",
	"MM-10.U9", "MM-10.U10",
}

// Every rule id of the digest is cited by a test name or comment, or by a
// scenario file's rules list.
func TestEveryRuleIsCited(t *testing.T) {
	var text strings.Builder
	for _, glob := range []string{"*_test.go", "testdata/scenarios/*.yaml"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			if f == "rules_cited_test.go" {
				continue // the list itself
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			text.Write(b)
		}
	}
	all := text.String()
	for _, id := range digestRules {
		// "MM-1.2" must not be satisfied by "MM-1.2c"; test names write
		// MM_1_2 for MM-1.2.
		cited := regexp.MustCompile(regexp.QuoteMeta(id) + `([^0-9a-zA-Z]|$)`)
		name := regexp.MustCompile(strings.NewReplacer("-", "_", ".", "_").Replace(id) + `([^0-9a-zA-Z]|$)`)
		if !cited.MatchString(all) && !name.MatchString(all) {
			t.Errorf("rule %s is not cited by any test or scenario", id)
		}
	}
}

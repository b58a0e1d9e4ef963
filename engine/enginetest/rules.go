package enginetest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// CheckRulesCited fails t for every rule id (such as "AT-5.4") that no test
// of the package in the working directory cites: in a Test function's name
// (AT5_4 or AT_5_4), its doc comment or its body, or in a scenario file under
// testdata/scenarios. Text outside Test functions (helpers, the list of ids
// itself) does not count, so that every rule is tied to a test that runs.
// "AT-5.4" is not cited by "AT-5.4a", "AT-5.41" or "AT-5.4.1".
func CheckRulesCited(t testing.TB, rules []string) {
	t.Helper()
	text := citingText(t)
	for _, id := range rules {
		cited := regexp.MustCompile(regexp.QuoteMeta(id) + `\.?([^0-9a-zA-Z.]|$)`)
		name := regexp.MustCompile(testName(id) + `([^0-9a-zA-Z]|$)`)
		if !cited.MatchString(text) && !name.MatchString(text) {
			t.Errorf("rule %s is not cited by any test or scenario", id)
		}
	}
}

// testName matches the id as Go names write it: AT5_4 or AT_5_4 for AT-5.4.
func testName(id string) string {
	prefix, rest, _ := strings.Cut(id, "-")
	return regexp.QuoteMeta(prefix) + "_?" + regexp.QuoteMeta(strings.ReplaceAll(rest, ".", "_"))
}

// citingText is the text of every Test function of the package (doc
// comment, name and body) and of its scenario files.
func citingText(t testing.TB) string {
	t.Helper()
	var out strings.Builder
	files, _ := filepath.Glob("*_test.go")
	fset := token.NewFileSet()
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Name.Name == "TestEveryRuleIsCited" {
				continue
			}
			from := fn.Pos()
			if fn.Doc != nil {
				from = fn.Doc.Pos()
			}
			out.Write(src[fset.Position(from).Offset:fset.Position(fn.End()).Offset])
			out.WriteByte('\n')
		}
	}
	scenarios, _ := filepath.Glob("testdata/scenarios/*.yaml")
	for _, f := range scenarios {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(b)
	}
	return out.String()
}

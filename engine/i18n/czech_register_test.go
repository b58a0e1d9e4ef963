package i18n_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The Czech texts address the reader formally (vykání), as the Czech
// rulebook (Mystic Elements) does: "vyberte", "můžete", "váš". informal
// finds the typical words of the informal address (tykání): the
// possessives and pronouns of "ty", the verb forms of the second person
// singular (-áš, -íš, -eš: "máš", "můžeš"), and imperatives the
// catalogues had used ("vyber", "napiš", "lízni").
var informal = regexp.MustCompile(`(?i)(^|[^\p{L}])(` +
	`tvůj|tvoj[ei]|tvá|tvé|tvého|tvému|tvém|tvou|tvým|tvých|tvými|tebe|tobě|tebou|tě|ty|ti|jsi|nejsi|abys|bys|kdybys|` +
	`\p{L}+(?:áš|íš|eš|ěš|éš)|` +
	`vyber|zvol|zkus|zaplať|odhoď|lízni|připoj|počkej|zadej|získej|použij|oprav|dej|vrať|utrať|připrav|podívej|používej|` +
	`zkontroluj|napiš|hraj|vyčerpej|vytvoř|uveď|přidej|prohlédni|požádej|zaregistruj|vyplň|vyměň|ukradni|tapni|přesuň|` +
	`dohraj|změň|zahraj|potvrď|pojmenuj|odpověz|nakupuj|řekni|zruš|zopakuj|vyřaď|uprav|spusť|přepni|klikni|vezmi|` +
	`otevři|pošli|najdi|polož|zaútoč|útoč|odeber|registruj|ulož|vlož|přihlas|pokračuj|ukonči|začni|dívej|smaž|obětuj|nastav|` +
	`přilož|vylož|založ|dokonči|skonči|urči|projdi|převezmi|převeď|opusť|utrácej|odpovídej|vypleň|užij|drž|ponech|otoč|ukaž|podrž|vynech|odkryj|dober|vyleč|znič|sraz|kupuj|mutuj|veď|bojuj|braň|vyvíjej|získávej|vyčerpávej|sbírej|přeměň|rozvíjej|obrať` +
	`)($|[^\p{L}])`)

// formalAllowed are words informal finds that are not the informal
// address: "příliš" (too), "nejvýš" (at most), "spíš" (rather), "náš"
// and "váš" (our, your), "ty"/"ti" as "those" in the phrases listed, and
// Mystic Elements' keywords as the Czech rulebook's glossary prints them
// (UŽIJ, and the list of its terms), and the reader's own words to the
// page ("Jsem Anna: ukaž moje karty").
var formalAllowed = []string{"příliš", "nejvýš", "spíš", "náš", "váš", "ty soubory", "ty dva běhy", "ti tři", "ale ne ty, vůči kterým",
	"ukaž moje karty", "UŽIJ", "nasaď, vylož, zabit (zničen, poražen), užij (užitý), připrav, vyčerpán, posil a oslab, ukradni (a převeď)"}

// TestCzechTextsAddressTheReaderFormally reads every Czech catalogue
// (the games' messages and rules, the shared words, the server's, the
// pages', the lab's, the command line's, the companion's) and flags a
// word of the informal address.
func TestCzechTextsAddressTheReaderFormally(t *testing.T) {
	eachCzechText(t, func(where, line string) {
		text := allowed(strings.ToLower(allowed(line)))
		if m := informal.FindStringSubmatch(text); m != nil {
			t.Errorf("%s: %q addresses the reader informally: write it formally (vy), as the Czech rulebook does", where, m[2])
		}
	})
}

// eachCzechText calls check with each line of every Czech catalogue that
// is not a comment, its placeholders and YAML key taken out, and where it
// stands (path:line).
func eachCzechText(t *testing.T, check func(where, text string)) {
	t.Helper()
	files := czechCatalogues(t)
	if len(files) < 15 {
		t.Fatalf("found %d Czech catalogues: %v", len(files), files)
	}
	eachLine(t, files, func(where, line string) { check(where, placeholder.ReplaceAllString(line, "")) })
}

// eachLine calls check with each line of the files that is not a
// comment, and where it stands (path:line).
func eachLine(t *testing.T, files []string, check func(where, line string)) {
	t.Helper()
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(raw), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "#") {
				check(fmt.Sprintf("%s:%d", path, i+1), line)
			}
		}
	}
}

// allowed is text without the phrases of formalAllowed, which are
// written as they stand (UŽIJ) or in lower case.
func allowed(text string) string {
	for _, ok := range formalAllowed {
		text = strings.ReplaceAll(text, ok, "")
	}
	return text
}

// placeholder is a message's argument, {{.name}}, or a YAML key.
var placeholder = regexp.MustCompile(`\{\{[^}]*\}\}|^\s*[\w.-]+:`)

// czechCatalogues lists the Czech catalogues of the module: every cs.yaml,
// and the Czech block of the companion's script.
func czechCatalogues(t *testing.T) []string {
	t.Helper()
	return append(cataloguesNamed(t, "cs.yaml"), filepath.Join("..", "..", "web", "companion-i18n.js"))
}

// cataloguesNamed lists the module's files of that name, such as every
// language's catalogue (en.yaml).
func cataloguesNamed(t *testing.T, name string) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.Name() == name {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// youAuxiliary is the auxiliary of the formal address: "jste", "nejste",
// "byste" and its compounds, "budete". A clause that has it and a past or
// passive participle ("jste dostal", "abyste viděl", "nejste
// přihlášen(a)") speaks to the reader in a gender: Czech formal address
// agrees the participle with the reader's sex ("dostal" to a man,
// "dostala" to a woman).
var youAuxiliary = regexp.MustCompile(`(?i)(^|[^\p{L}])(ne)?(jste|(a|kdy)?byste|budete)($|[^\p{L}])`)

// participle is a past participle in -l ("dostal", "dostala", "mysleli",
// "vyvolal(a)") or a passive one ("přihlášen", "zaregistrován(a)",
// "nasazen(a)").
var participle = regexp.MustCompile(`(?i)(^|[^\p{L}])(\p{L}{2,}(?:l|en|án|ín)(?:a|o|i|y)?(?:\(a\))?)($|[^\p{L}(])`)

// clause splits a line at the punctuation that ends a clause; not at a
// parenthesis, which also closes the feminine ending of "vyvolal(a)".
var clause = regexp.MustCompile(`[,:;.?!"]\s|[,:;.?!"]$|–|—`)

// TestCzechTextsSpeakToTheReaderWithoutAGender reads every Czech
// catalogue and flags a clause that addresses the reader with a past or
// passive participle, which is masculine or feminine: "Získáno: …",
// "Myslíte …?", "Po přihlášení uvidíte …" say the same to everyone.
func TestCzechTextsSpeakToTheReaderWithoutAGender(t *testing.T) {
	eachCzechText(t, func(where, line string) {
		if word := genderedAddress(line); word != "" {
			t.Errorf("%s: %q speaks to the reader as a man or a woman: say it in the present tense, impersonally or as a noun phrase", where, word)
		}
	})
}

// genderedAddress is the auxiliary and participle of the first clause of
// text that addresses the reader with a participle, or "".
func genderedAddress(text string) string {
	for _, part := range clause.Split(text, -1) {
		aux := youAuxiliary.FindStringSubmatch(part)
		if aux == nil {
			continue
		}
		if p := participle.FindStringSubmatch(part); p != nil {
			return strings.ToLower(aux[2]+aux[3]) + " … " + p[2]
		}
	}
	return ""
}

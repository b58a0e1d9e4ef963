package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/platform/codes"
)

// pepperEnv holds the code hashes' pepper when --pepper-file is not given.
const pepperEnv = "KARTENWERK_CODES_PEPPER"

func codesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "codes",
		Short: "Make and check the registration codes printed on cards",
		Long: "Every physical card can carry a scratch-off registration code that puts it in its\n" +
			"owner's digital collection. `codes generate` makes a print run, `codes check` reads a code,\n" +
			"`codes import` loads a run's hashes into a server's store.",
	}
	cmd.AddCommand(codesGenerateCmd(), codesCheckCmd(), codesImportCmd())
	return cmd
}

// generateOptions are the flags of `codes generate`.
type generateOptions struct {
	card, printing, out string
	baseURL, pepperFile string
	count, modulePixels int
}

func codesGenerateCmd() *cobra.Command {
	var o generateOptions
	cmd := &cobra.Command{
		Use:   "generate <game> --card NAME -n N --out DIR",
		Short: "Make a print run of registration codes for one card",
		Long: "Make N distinct registration codes for one printing of one card and write them into\n" +
			"DIR, which must be new or empty:\n\n" +
			"  codes.csv    code, game, card, printing, serial: for the printer\n" +
			"  qr/*.png     each code's QR image, named by serial: for the printer\n" +
			"  qr/*.svg     the same as SVG\n" +
			"  hashes.csv   hash, game, card, printing: for the server to import; it holds no code\n\n" +
			"The hashes are keyed with the server's secret pepper, read from --pepper-file or\n" +
			"$" + pepperEnv + ". The QR images hold kartenwerk:code/CODE, or with --base-url\n" +
			"URL the web address URL/register?code=CODE.",
		Args: argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runGenerate(cmd.OutOrStdout(), args[0], o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.card, "card", "", "the card's name, as `kartenwerk cards <game>` lists it")
	f.StringVar(&o.printing, "printing", "first", "the printing or edition, as the printer names it")
	f.IntVarP(&o.count, "count", "n", 0, fmt.Sprintf("how many codes (1 to %d)", codes.MaxRun))
	f.StringVar(&o.out, "out", "", "the new or empty directory to write the run into")
	f.StringVar(&o.baseURL, "base-url", "", "make the QR payloads web addresses under this http(s) URL")
	f.StringVar(&o.pepperFile, "pepper-file", "", "the file holding the server's pepper (else $"+pepperEnv+")")
	f.IntVar(&o.modulePixels, "px", 10, "pixels per QR module in the PNGs and the SVGs' nominal size")
	for _, name := range []string{"card", "count", "out"} {
		_ = cmd.MarkFlagRequired(name)
	}
	return cmd
}

func runGenerate(out io.Writer, gameID string, o generateOptions) error {
	g, err := lookupGame(gameID)
	if err != nil {
		return err
	}
	card, err := findCard(g, o.card)
	if err != nil {
		return err
	}
	pepper, err := loadPepper(o.pepperFile)
	if err != nil {
		return err
	}
	link, err := codes.NewLink(o.baseURL)
	if err != nil {
		return fmt.Errorf("--base-url: %w", err)
	}
	p := codes.Printing{Game: g.Info().ID, Card: card, Printing: strings.TrimSpace(o.printing)}
	run, err := codes.NewRun(p, o.count)
	if err != nil {
		return err
	}
	if err := run.WriteDir(o.out, link, pepper, o.modulePixels); err != nil {
		return err
	}
	fmt.Fprintf(out, "%d codes for %s (%s, %s) in %s:\n  %s and %s/ go to the printer;\n  %s goes to the server, which needs the same pepper.\n",
		len(run.Codes), card, p.Game, p.Printing, o.out, codes.RunFiles.Codes, codes.RunFiles.QR, codes.RunFiles.Hashes)
	return nil
}

// findCard returns the card's name as the game prints it, matching case
// and surrounding spaces loosely, or an error naming the nearest cards.
func findCard(g engine.Game, name string) (string, error) {
	want := strings.ToLower(strings.TrimSpace(name))
	cards := g.Cards()
	for _, c := range cards {
		if strings.ToLower(c.Name) == want {
			return c.Name, nil
		}
	}
	id := g.Info().ID
	return "", fmt.Errorf("--card: %s has no card named %q; the nearest are %s (`kartenwerk cards %s` lists them all)",
		id, name, strings.Join(nearestNames(cards, want, 3), ", "), id)
}

// nearestNames returns up to k distinct card names closest to want, quoted,
// closest first: names that contain want, then by edit distance.
func nearestNames(cards []engine.CardInfo, want string, k int) []string {
	type scored struct {
		name string
		d    int
	}
	var all []scored
	for _, c := range cards {
		if slices.ContainsFunc(all, func(s scored) bool { return s.name == c.Name }) {
			continue
		}
		name := strings.ToLower(c.Name)
		d := cardpool.Distance(name, want)
		if strings.Contains(name, want) {
			d = 0
		}
		all = append(all, scored{c.Name, d})
	}
	slices.SortStableFunc(all, func(a, b scored) int { return cmp.Compare(a.d, b.d) })
	var out []string
	for _, s := range all[:min(k, len(all))] {
		out = append(out, fmt.Sprintf("%q", s.name))
	}
	return out
}

// loadPepper reads the pepper from the file, or else from $KARTENWERK_CODES_PEPPER.
func loadPepper(file string) (codes.Pepper, error) { return pepperFrom("--pepper-file", file) }

// pepperFrom reads the pepper from the file a flag names, or else from
// $KARTENWERK_CODES_PEPPER.
func pepperFrom(flag, file string) (codes.Pepper, error) {
	var secret []byte
	source := flag
	switch env := os.Getenv(pepperEnv); {
	case file != "":
		b, err := os.ReadFile(file)
		if err != nil {
			return codes.Pepper{}, fmt.Errorf("%s: %w", flag, err)
		}
		secret = b
	case env != "":
		secret, source = []byte(env), "$"+pepperEnv
	default:
		return codes.Pepper{}, fmt.Errorf("the hashes need the server's pepper: give %s FILE or set $%s (make one with `head -c 48 /dev/urandom | base64 > pepper`)", flag, pepperEnv)
	}
	p, err := codes.NewPepper(secret)
	if err != nil {
		return codes.Pepper{}, fmt.Errorf("%s: %w", source, err)
	}
	return p, nil
}

func codesCheckCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "check CODE",
		Short: "Say whether a registration code is well-formed",
		Long: "Say whether a registration code is well-formed: exit 0 if it is, else say what is wrong\n" +
			"and exit 1. Case, spaces and hyphens do not matter (a code typed with spaces may\n" +
			"come as several arguments), O, I, L, U and Z read as 0, 1, 1, V and 2, and a\n" +
			"scanned QR payload works too. Whether the code was printed or is registered,\n" +
			"only the server knows.",
		Args: argsBetween(1, -1),
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := flagLang()
			if err != nil {
				return err
			}
			sp := speech{l: l}
			c, err := codes.FromPayload(strings.Join(args, " "))
			if err != nil {
				fmt.Fprintln(cmd.OutOrStdout(), sp.codeProblem(err))
				return exitError{1}
			}
			fmt.Fprintln(cmd.OutOrStdout(), sp.T("codes.well_formed", "code", c.String()))
			return nil
		},
	}
}

// codeProblem says what is wrong with a code in the reader's language,
// in the words the server uses for the same problems.
func (sp speech) codeProblem(err error) string {
	var link *codes.LinkError
	if errors.As(err, &link) {
		return sp.T("codes.no_code", "input", link.Input)
	}
	var pe *codes.ParseError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	switch {
	case errors.Is(pe.Err, codes.ErrEmpty):
		return sp.T("codes.empty")
	case errors.Is(pe.Err, codes.ErrCharacter):
		return sp.T("codes.character", "input", pe.Input, "at", pe.At, "character", strings.Trim(strconv.QuoteRune(pe.Char), "'"))
	case errors.Is(pe.Err, codes.ErrLength) && pe.Count < codes.Length:
		return sp.T("codes.length_short", "input", pe.Input, "n", pe.Count, "want", codes.Length, "missing", codes.Length-pe.Count)
	case errors.Is(pe.Err, codes.ErrLength):
		return sp.T("codes.length_long", "input", pe.Input, "n", pe.Count, "want", codes.Length, "extra", pe.Count-codes.Length)
	case errors.Is(pe.Err, codes.ErrCheck):
		return sp.T("codes.check", "input", pe.Input)
	}
	return err.Error()
}

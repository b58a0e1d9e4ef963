package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/sim"
)

type playOptions struct {
	seed     uint64
	vs       string
	seat     string
	seats    int
	variants []string
	decks    []string
	record   string
}

func playCmd() *cobra.Command {
	var o playOptions
	cmd := &cobra.Command{
		Use:   "play <game>",
		Short: "Play a game in the terminal against an agent",
		Long: "Play a game in the terminal against an agent. The table is shown as text with\n" +
			"the legal actions numbered: type a number or the action's text (\"attack c12 p2\").\n" +
			"Type 'card NAME' (or 'card c12') for a card's full text, 'help' for the verbs,\n" +
			"'quit' to stop. --lang de or cs plays in German or Czech.",
		Args: argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("seed") {
				o.seed = uint64(time.Now().UnixNano())
			}
			return runPlay(args[0], o, cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&o.seed, "seed", 0, "the game's seed (default: from the clock, printed so the game can be replayed)")
	f.StringVar(&o.vs, "vs", "random", "the agent playing the other seats, e.g. random")
	f.StringVar(&o.seat, "seat", "p1", "your seat")
	f.IntVar(&o.seats, "seats", 0, "number of players (default: the game's minimum)")
	f.StringArrayVar(&o.variants, "variant", nil, "a rule variant key=value (repeatable)")
	f.StringSliceVar(&o.decks, "decks", nil, "a deck per seat: preset names or deck files, comma-separated")
	f.StringVar(&o.record, "record", "", "write the game's record (JSON) to this file at the end")
	return cmd
}

func runPlay(gameID string, o playOptions, in io.Reader, out io.Writer) error {
	g, err := lookupGame(gameID)
	if err != nil {
		return err
	}
	me, err := engine.ParseSeat(o.seat)
	if err != nil {
		return err
	}
	setup, err := makeSetup(g, o.seats, o.seed, o.variants, o.decks)
	if err != nil {
		return err
	}
	if int(me) >= setup.Seats {
		return fmt.Errorf("--seat %s: this game has %d seats", o.seat, setup.Seats)
	}
	s, err := g.New(setup)
	if err != nil {
		return err
	}
	opponent, err := ai.New(o.vs, o.seed+1)
	if err != nil {
		return err
	}
	sp, err := speechFor(g)
	if err != nil {
		return err
	}
	// A player reads "Player 1", not p1; the actions' text still names
	// seats p1, p2, which the introduction says.
	sp.players = true
	fmt.Fprintln(out, sp.T("play.intro", "game", g.Info().Name, "seed", o.seed, "seat", sp.seat(me), "id", me.String(), "agent", sim.AgentIn(sp.l, opponent.Name())))
	t := &terminal{g: g, s: s, me: me, in: bufio.NewScanner(in), out: out, rec: engine.Record{Setup: setup}, sp: sp}
	err = t.loop(opponent)
	if o.record != "" {
		if werr := writeRecord(o.record, t.rec); werr != nil && err == nil {
			err = werr
		}
	}
	return err
}

func makeSetup(g engine.Game, seats int, seed uint64, variants, decks []string) (engine.Setup, error) {
	if seats == 0 {
		seats = g.Info().MinSeats
	}
	v, err := engine.ParseVariants(g.Info().Variants, variants)
	if err != nil {
		return engine.Setup{}, err
	}
	if _, err := engine.ResolveVariants(g.Info().Variants, v); err != nil {
		return engine.Setup{}, err
	}
	d, err := loadDecks(g, decks)
	if err != nil {
		return engine.Setup{}, err
	}
	return engine.Setup{Game: g.Info().ID, Seats: seats, Seed: seed, Variant: v, Decks: d}, nil
}

func writeRecord(path string, rec engine.Record) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return writeJSON(f, rec)
}

// terminal is one game between a person at a terminal and agents.
type terminal struct {
	g   engine.Game
	s   engine.State
	me  engine.Seat
	in  *bufio.Scanner
	out io.Writer
	rec engine.Record
	sp  speech
}

func (t *terminal) loop(opponent ai.Agent) error {
	for {
		if done, _ := t.s.Terminal(); done {
			t.over()
			return nil
		}
		seat := t.s.ToMove()
		var a engine.Action
		var err error
		if seat == t.me {
			a, err = t.ask()
		} else {
			a, err = opponent.Act(t.s)
			if err == nil {
				fmt.Fprintln(t.out, engine.Say(t.s, a, t.me, engine.Log, t.sp.words()))
			}
		}
		if err != nil {
			return err
		}
		if err := t.rec.Append(t.g, t.s, a); err != nil {
			return fmt.Errorf("%v's action was refused: %w", seat, err)
		}
	}
}

// over shows the finished table and how the game ended.
func (t *terminal) over() {
	view := engine.Localized(t.s, t.me, t.sp.words())
	t.sp.writeTable(t.out, view)
	t.sp.writeEnd(t.out, t.s, view)
}

// writeEnd says how finished game s ended: the game's own explanation
// where it gives one, else the result and its reason (view is s as the
// reader sees it).
func (sp speech) writeEnd(w io.Writer, s engine.State, view *engine.View) {
	var lines []string
	if ss, ok := s.(engine.StateSpeaker); ok {
		lines = ss.Explain(sp.words())
	}
	if len(lines) == 0 {
		fmt.Fprintln(w, "\n"+sp.T("play.over", "result", sp.resultText(view.Result)))
		return
	}
	fmt.Fprintln(w, "\n"+sp.T("play.over", "result", lines[0]))
	for _, line := range lines[1:] {
		fmt.Fprintln(w, "  "+line)
	}
}

// ask shows the table and the numbered legal actions and reads a choice
// until it is a legal one.
func (t *terminal) ask() (engine.Action, error) {
	codec := t.g.Info().Actions
	legal := t.s.Legal(nil)
	fmt.Fprintln(t.out)
	t.sp.writeTable(t.out, engine.Localized(t.s, t.me, t.sp.words()))
	fmt.Fprintln(t.out, "\n"+t.sp.T("play.options"))
	for i, a := range legal {
		fmt.Fprintf(t.out, "  %2d) %-24s %s\n", i+1, codec.Format(a), engine.Say(t.s, a, t.me, engine.Button, t.sp.words()))
	}
	for {
		fmt.Fprint(t.out, "> ")
		if !t.in.Scan() {
			return engine.Action{}, fmt.Errorf("the input ended before the game did")
		}
		line := strings.TrimSpace(t.in.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "quit", "exit":
			return engine.Action{}, fmt.Errorf("game abandoned")
		case "help", "?":
			fmt.Fprint(t.out, t.sp.T("play.help")+"\n"+codec.Usage())
			continue
		}
		if name, ok := strings.CutPrefix(line, "card"); ok && (name == "" || name[0] == ' ') {
			t.showCard(strings.TrimSpace(name))
			continue
		}
		if n, err := strconv.Atoi(line); err == nil {
			if n >= 1 && n <= len(legal) {
				return legal[n-1], nil
			}
			fmt.Fprintln(t.out, t.sp.T("play.no_option", "n", n, "max", len(legal)))
			continue
		}
		a, err := codec.Parse(line)
		if err == nil && !engine.Contains(legal, a) {
			err = t.s.Clone().Apply(a)
			if err == nil {
				err = fmt.Errorf("not a legal action now")
			}
		}
		if err != nil {
			fmt.Fprintln(t.out, t.sp.T("play.retry", "err", engine.ErrorIn(err, t.sp.l)))
			continue
		}
		return a, nil
	}
}

// showCard prints the full text of a card named by its name (any case, or
// the start of it) or by its id on the table as the player sees it.
func (t *terminal) showCard(name string) {
	if name == "" {
		fmt.Fprintln(t.out, t.sp.T("play.card_usage"))
		return
	}
	if id, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(name), "c")); err == nil && strings.HasPrefix(strings.ToLower(name), "c") {
		onTable := cardNameOnTable(t.s.View(t.me), id)
		if onTable == "" {
			fmt.Fprintln(t.out, t.sp.T("play.no_card", "name", name))
			return
		}
		name = onTable
	}
	cards := t.sp.cards(t.g)
	for _, exact := range []bool{true, false} {
		for _, c := range cards {
			if name != "" && (exact && strings.EqualFold(c.Name, name) || !exact && strings.HasPrefix(strings.ToLower(c.Name), strings.ToLower(name))) {
				t.sp.writeCards(t.out, []engine.CardInfo{c})
				return
			}
		}
	}
	fmt.Fprintln(t.out, t.sp.T("play.no_card", "name", name))
}

// cardNameOnTable is the name of card id as v shows it, or "".
func cardNameOnTable(v *engine.View, id int) string {
	var found string
	var walk func([]engine.CardView)
	walk = func(cs []engine.CardView) {
		for _, c := range cs {
			if c.ID == id && !c.Hidden {
				found = c.Name
			}
			walk(c.Attached)
		}
	}
	for _, z := range v.Shared {
		walk(z.Cards)
	}
	for _, p := range v.Players {
		for _, z := range p.Zones {
			walk(z.Cards)
		}
	}
	return found
}

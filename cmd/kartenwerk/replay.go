package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"kartenwerk/engine"
)

type replayOptions struct {
	seat   string
	to     int
	asJSON bool
}

func replayCmd() *cobra.Command {
	var o replayOptions
	cmd := &cobra.Command{
		Use:   "replay <record.json>",
		Short: "Replay a game's record: each action as a seat saw it, then the table",
		Long: "Replay a record written by `play --record` (or by a failing random-game test with\n" +
			"-enginetest.records DIR): print each action as the chosen seat saw it, numbered,\n" +
			"then the table after the last one, and check that the game ends where the record\n" +
			"says. --to K stops after K actions, to look at the table at that moment; --seat\n" +
			"all shows every hidden card, for finding a fault.",
		Example: "  kartenwerk replay game.json\n" +
			"  kartenwerk replay game.json --to 40 --seat p2\n" +
			"  kartenwerk replay game.json --seat all --json",
		Args: argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReplay(args[0], o, cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.seat, "seat", "spectator", "whose eyes: p1, p2, ..., spectator, or all (every hidden card)")
	f.IntVar(&o.to, "to", -1, "stop after this many actions (default: all of them)")
	f.BoolVar(&o.asJSON, "json", false, "print the table at the end as JSON (the view the server sends) instead of text")
	return cmd
}

func runReplay(path string, o replayOptions, out io.Writer) error {
	rec, err := readRecord(path)
	if err != nil {
		return err
	}
	g, err := lookupGame(rec.Setup.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	viewer, err := engine.ParseSeat(o.seat)
	if err != nil {
		return fmt.Errorf("--seat %q is not a seat: write p1 to p%d, spectator, or all (every hidden card)", o.seat, max(rec.Setup.Seats, 1))
	}
	if viewer >= 0 && int(viewer) >= rec.Setup.Seats {
		return fmt.Errorf("--seat %s: the game has %d seats; write p1 to p%d, spectator, or all (every hidden card)", o.seat, rec.Setup.Seats, rec.Setup.Seats)
	}
	to := o.to
	if to < -1 {
		return fmt.Errorf("--to %d: give how many actions to replay, from 0 to %d, or leave --to out for all of them", to, len(rec.Actions))
	}
	if to < 0 {
		to = len(rec.Actions)
	}
	if to > len(rec.Actions) {
		return fmt.Errorf("--to %d: the record has %d actions", to, len(rec.Actions))
	}
	sp, err := speechFor(g)
	if err != nil {
		return err
	}
	s, err := engine.NewAt(g, rec.Setup)
	if err != nil {
		return fmt.Errorf("%s: its setup: %w", path, err)
	}
	codec := g.Info().Actions
	for i, text := range rec.Actions[:to] {
		a, err := codec.Parse(text)
		if err == nil {
			line := engine.Say(s, a, viewer, engine.Log, sp.words())
			err = s.Apply(a)
			if err == nil && !o.asJSON {
				fmt.Fprintf(out, "%4d. %s\n", i+1, line)
			}
		}
		if err != nil {
			return fmt.Errorf("%s: action %d %q: %s", path, i+1, text, engine.ErrorIn(err, sp.l))
		}
	}
	view := engine.Localized(s, viewer, sp.words())
	if o.asJSON {
		if err := writeJSON(out, view); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(out)
		sp.writeTable(out, view)
		if done, _ := s.Terminal(); done {
			sp.writeEnd(out, s, view)
		}
	}
	if to == len(rec.Actions) && rec.Hash != 0 && s.Hash() != rec.Hash {
		return fmt.Errorf("%s: the replay ends at hash %016x, the record says %016x: the rules or cards have changed since it was recorded", path, s.Hash(), rec.Hash)
	}
	return nil
}

// readRecord reads a record file, refusing one that is not a record.
func readRecord(path string) (engine.Record, error) {
	var rec engine.Record
	data, err := os.ReadFile(path)
	if err != nil {
		return rec, err
	}
	if err := decodeStrict(data, &rec); err != nil {
		return rec, fmt.Errorf("%s is not a game record (a JSON object with \"setup\" and \"actions\", as play --record writes): %w", path, err)
	}
	if rec.Setup.Game == "" {
		return rec, fmt.Errorf("%s: its setup names no game (\"setup\": {\"game\": ...})", path)
	}
	return rec, nil
}

// decodeStrict decodes one JSON value into v, refusing unknown fields and
// trailing data.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("there is more after the record")
	}
	return nil
}

package demo

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tablestakes/tablestakes/store"
)

// SoloArcsBot is the SUPERCAT difficulty of the demo's rated solo Arcs game.
const SoloArcsBot = "normal"

// seedMembers shows the ladder members who never log in, and a Vortex result entered as
// the end-of-game board of a d12 game: ada's rated solo Arcs game against SUPERCAT (normal)
// (supercat-solo-arcs-bot.txt), played with the companion and finished by its ambition
// results (seedSupercatFinished), and a normal Vortex game whose scores the app worked out
// from each player's start corner and token distances (vortex-mechanics.txt, "The
// Algorithm"). The Diplomacy league's missing man is seeded with its results (seedResults).
func seedMembers(ctx context.Context, st *store.Store, users []store.User) error {
	ada := users[0]
	if err := seedSupercatFinished(ctx, st, ada.ID); err != nil {
		return fmt.Errorf("seed solo Arcs: %w", err)
	}

	// The board game is played with a d12 (vortex-mechanics.txt: "Lets also use a d12 for
	// rolls instead of a d6"): its version gives the board its die (CONTRACT section 9).
	seated := []store.User{users[1], users[3], users[5], users[7]}
	board, err := tableVersion(ctx, st, users[1], "vortex", "d12", normalVortexSeats, seated)
	if err != nil {
		return err
	}
	tokens := [][]int{{18, 25, 3, 0}, {9, 0, 0, 0}, {5, 12, 0, 0}, {0, 0, 0, 21}}
	var players []map[string]any
	for i, s := range board.Seats {
		players = append(players, map[string]any{"id": s.Username, "start": 4 * i, "tokens": tokens[i]})
	}
	input, err := encode(map[string]any{"players": players})
	if err != nil {
		return err
	}
	return record(ctx, st, users[1].ID, board.ID, input)
}

// withAbsent marks one eliminated power of a Diplomacy result as played by the missing man
// (ARMADA 4.1): its player was absent, and the ladder's Seventh Player antes for the seat.
func withAbsent(input []byte) ([]byte, error) {
	var doc map[string]any
	if err := json.Unmarshal(input, &doc); err != nil {
		return nil, fmt.Errorf("seed results: %w", err)
	}
	players, _ := doc["players"].([]any)
	for _, p := range players {
		p, _ := p.(map[string]any)
		if _, out := p["eliminated"]; out {
			doc["absent"] = []any{p["id"]}
			break
		}
	}
	return encode(doc)
}

package league

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tablestakes/tablestakes/scheduler"
)

// A league's size N. The seed's league is "composed by a variable number of games played
// among 8 players who subscribed to the league" (league-scoring-system.txt); CONTRACT
// section 10 keeps 8 as the default and lets a club have as many as it has.
const (
	// DefaultSize is the number of players of a league whose organiser names none.
	DefaultSize = 8
	// MinSize is the fewest players a league may have (and never fewer than K a game).
	MinSize = 3
	// MaxSize is the most players a league may have: what the scheduler can seat.
	MaxSize = scheduler.MaxPlayers
)

// Format is a league's shape: Players members (N), PlayersPerGame a game (K) and
// GamesPerPlayer games each (R; 0 is the scheduler's default for N and K).
type Format struct {
	Players        int
	PlayersPerGame int
	GamesPerPlayer int
}

// GamesEach is R, the games each member plays: the one chosen, else what
// `tablestakes schedule --players N --per-game K` plays (scheduler.DefaultGamesPerPlayer,
// the seed's table for 8 players).
func (f Format) GamesEach() int {
	if f.GamesPerPlayer > 0 {
		return f.GamesPerPlayer
	}
	return scheduler.DefaultGamesPerPlayer(f.Players, f.PlayersPerGame)
}

// Games is the number of games the league plays, N·R/K.
func (f Format) Games() int {
	if f.PlayersPerGame == 0 {
		return 0
	}
	return f.Players * f.GamesEach() / f.PlayersPerGame
}

// Meetings is how often two members meet, least and most: every pair shares R(K−1)/(N−1)
// games on average, and the scheduler keeps the counts as even as it can, so the least is
// that rounded down and the most rounded up (a face-to-face league's rounds may spread
// them further; its fairness report says by how much).
func (f Format) Meetings() (least, most int) {
	if f.Players < 2 {
		return 0, 0
	}
	total := f.GamesEach() * (f.PlayersPerGame - 1)
	least = total / (f.Players - 1)
	most = least
	if total%(f.Players-1) != 0 {
		most++
	}
	return least, most
}

// Check says what is wrong with the format, naming the field ("players" or
// "games_per_player") and the problem; both empty when it is fine. Players lie from
// max(MinSize, K) to MaxSize (CONTRACT section 10); games per player follow the rule
// `tablestakes schedule --games-per-player` applies (scheduler.Check: a positive multiple
// of K, so every member sits in every seat equally often and N·R/K games come out whole,
// within the scheduler's largest league). K itself is the game's to check.
func (f Format) Check() (field, problem string) {
	least := max(MinSize, f.PlayersPerGame)
	if f.Players < least || f.Players > MaxSize {
		return "players", fmt.Sprintf("must be between %d and %d, got %d", least, MaxSize, f.Players)
	}
	if f.GamesPerPlayer < 0 {
		return "games_per_player", fmt.Sprintf("must be positive, got %d", f.GamesPerPlayer)
	}
	err := scheduler.Check(scheduler.Options{Players: f.Players, PerGame: f.PlayersPerGame, GamesPerPlayer: f.GamesPerPlayer})
	var bad *scheduler.OptionError
	switch {
	case err == nil:
		return "", ""
	case errors.As(err, &bad) && bad.Field == "games-per-player":
		return "games_per_player", strings.Replace(bad.Reason, "per-game", "players per game", 1)
	case errors.As(err, &bad) && bad.Field == "players":
		return "players", bad.Reason
	}
	// A per-game the scheduler refuses is the game's rule to report, not the size's.
	return "", ""
}

// Rounds is the number of rounds the league plays: each game its own round online, and
// face to face ⌊N/K⌋ games a round, nobody twice, the last round perhaps shorter.
func (f Format) Rounds(faceToFace bool) int {
	games := f.Games()
	if !faceToFace || f.PlayersPerGame == 0 {
		return games
	}
	perRound := max(1, f.Players/f.PlayersPerGame)
	return (games + perRound - 1) / perRound
}

// Resize decides whether an open league with members members may become a league of
// players: only while a place stays free for the join that fills it, since that join draws
// the schedule (Join). The refusal is a *Conflict naming the field.
func Resize(members, players int) error {
	if players > members {
		return nil
	}
	return &Conflict{Reason: fmt.Sprintf("players: %d %s joined already; a league of %d would have no place left for the join that draws its games",
		members, pluralHave(members), players), ID: "refusal.resize_full", Data: map[string]any{"Members": members, "Players": players}}
}

// pluralHave is "player has" or "players have".
func pluralHave(n int) string {
	if n == 1 {
		return "player has"
	}
	return "players have"
}

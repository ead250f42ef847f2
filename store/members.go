package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Ladder members who never log in (migration 00013): one account per kind and ladder,
// named "<kind>:<ladder>" — no sign-up can take a name with a colon — with no password,
// so no log-in, reset or API token reaches it.
const (
	// SeventhPlayer is the member who antes for and is credited with a Diplomacy seat
	// played by the missing-man rules: "For the purposes of rating, this "Seventh Player"
	// is considered to be a member of the ARMADA and shall ante into the game pot
	// accordingly" (armada-scoring-and-rating.txt 4.1).
	SeventhPlayer = "seventh-player"
	// SupercatNormal and SupercatHard are the SUPERCAT bots of solo Arcs games
	// (supercat-solo-arcs-bot.txt, "Difficulty modifiers"), rated like any member so a
	// player's solo results move their Arcs rating.
	SupercatNormal = "supercat-normal"
	SupercatHard   = "supercat-hard"
)

// supercatExtraBots is how many bots of one difficulty a SUPERCAT companion game can seat
// beyond the first: each further bot is a ladder member of its own ("supercat-hard-2").
const supercatExtraBots = 2

// SupercatBotKind is the ladder member kind of the nth bot (from 1) of a difficulty at one
// table: the difficulty's member for the first, "supercat-hard-2" and "-3" for the others
// (migration 00019), so a companion game against several bots seats each as a member.
func SupercatBotKind(difficulty string, nth int) (string, bool) {
	kind, ok := BotKinds[difficulty]
	if !ok || nth < 1 || nth > 1+supercatExtraBots {
		return "", false
	}
	if nth > 1 {
		kind += "-" + strconv.Itoa(nth)
	}
	return kind, true
}

// IsSupercatBot reports whether username is a SUPERCAT bot of a ladder.
func IsSupercatBot(username string) bool {
	return strings.HasPrefix(LadderMemberKind(username), "supercat-")
}

// memberDisplayNames are the ladder members' names on every page; each says what it is.
var memberDisplayNames = map[string]string{
	SeventhPlayer:         "Seventh Player (missing man)",
	SupercatNormal:        "SUPERCAT (normal) bot",
	SupercatHard:          "SUPERCAT (hard) bot",
	SupercatNormal + "-2": "SUPERCAT (normal) bot 2",
	SupercatNormal + "-3": "SUPERCAT (normal) bot 3",
	SupercatHard + "-2":   "SUPERCAT (hard) bot 2",
	SupercatHard + "-3":   "SUPERCAT (hard) bot 3",
}

// IsLadderMember reports whether username names a member who never logs in (the Seventh
// Player or a SUPERCAT bot): only such names hold a colon.
func IsLadderMember(username string) bool { return strings.Contains(username, ":") }

// LadderMemberKind returns the kind of a ladder member's username ("seventh-player",
// "supercat-normal", "supercat-hard"), or "" for a person.
func LadderMemberKind(username string) string {
	kind, _, ok := strings.Cut(username, ":")
	if !ok {
		return ""
	}
	return kind
}

const insertLadderMemberSQL = `
INSERT INTO users (username, display_name, password_hash, member_kind, member_of)
VALUES ($1 || ':' || $2, $3, NULL, $1, $2)
ON CONFLICT DO NOTHING`

const ladderMemberSQL = `SELECT id, username, display_name, 0 AS position FROM users WHERE member_kind = $1 AND member_of = $2`

// ensureLadderMember returns the ladder's member of kind, creating it on first use. Two
// writes creating it at once make one: the unique (member_kind, member_of) key lets the
// second insert do nothing, and its read then finds the first's row once committed.
func ensureLadderMember(ctx context.Context, tx pgx.Tx, kind, ladder string) (SeatRef, error) {
	name, ok := memberDisplayNames[kind]
	if !ok {
		return SeatRef{}, fmt.Errorf("store: no ladder member kind %q", kind)
	}
	if _, err := tx.Exec(ctx, insertLadderMemberSQL, kind, ladder, name); err != nil {
		return SeatRef{}, fmt.Errorf("store: create %s of %s: %w", kind, ladder, err)
	}
	var m SeatRef
	if err := tx.QueryRow(ctx, ladderMemberSQL, kind, ladder).Scan(&m.UserID, &m.Username, &m.DisplayName, &m.Position); err != nil {
		return SeatRef{}, fmt.Errorf("store: read %s of %s: %w", kind, ladder, err)
	}
	return m, nil
}

package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/rating"
)

// Ladder members who never log in (migration 00013, rating.SeventhPlayer and the
// SUPERCAT kinds): one account per kind and ladder, named "<kind>:<ladder>" — no sign-up
// can take a name with a colon — with no password, so no log-in, reset or API token
// reaches it.
const (
	// SeventhPlayer is the Diplomacy missing man's member (rating.SeventhPlayer).
	SeventhPlayer = rating.SeventhPlayer
	// SupercatNormal and SupercatHard are the SUPERCAT bots' members.
	SupercatNormal = rating.SupercatNormal
	SupercatHard   = rating.SupercatHard
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

// IsLadderMember reports whether username names a member who never logs in (the Seventh
// Player or a SUPERCAT bot): only such names hold a colon.
func IsLadderMember(username string) bool { return strings.Contains(username, ":") }

// LadderMemberKind returns the kind of a ladder member's username ("seventh-player",
// "supercat-normal", "supercat-hard"), or "" for a person.
func LadderMemberKind(username string) string { return rating.MemberKind(username) }

const insertLadderMemberSQL = `
INSERT INTO users (username, display_name, password_hash, member_kind, member_of)
VALUES ($1 || ':' || $2, $3, NULL, $1, $2)
ON CONFLICT DO NOTHING`

const ladderMemberSQL = `SELECT id, username, display_name, 0 AS position FROM users WHERE member_kind = $1 AND member_of = $2`

// LadderMember returns, inside tx, the ladder's member of kind (rating.SeventhPlayer, a
// SUPERCAT bot), creating it on first use with the display name given
// (rating.MemberKindName).
func (s *Store) LadderMember(ctx context.Context, tx pgx.Tx, kind, name, ladder string) (SeatRef, error) {
	return ensureLadderMember(ctx, tx, kind, name, ladder)
}

// ensureLadderMember returns the ladder's member of kind, creating it on first use. Two
// writes creating it at once make one: the unique (member_kind, member_of) key lets the
// second insert do nothing, and its read then finds the first's row once committed.
func ensureLadderMember(ctx context.Context, tx pgx.Tx, kind, name, ladder string) (SeatRef, error) {
	if _, err := tx.Exec(ctx, insertLadderMemberSQL, kind, ladder, name); err != nil {
		return SeatRef{}, fmt.Errorf("store: create %s of %s: %w", kind, ladder, err)
	}
	var m SeatRef
	if err := tx.QueryRow(ctx, ladderMemberSQL, kind, ladder).Scan(&m.UserID, &m.Username, &m.DisplayName, &m.Position); err != nil {
		return SeatRef{}, fmt.Errorf("store: read %s of %s: %w", kind, ladder, err)
	}
	return m, nil
}

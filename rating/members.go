package rating

import "strings"

// Ladder members who never log in: each is rated like anyone, and each has a kind and a
// username "<kind>:<ladder>" — no sign-up can take a name with a colon.
const (
	// SeventhPlayer is the member who antes for and is credited with a Diplomacy power
	// played by the missing-man rules: "For the purposes of rating, this "Seventh Player"
	// is considered to be a member of the ARMADA and shall ante into the game pot
	// accordingly" (armada-scoring-and-rating.txt 4.1).
	SeventhPlayer = "seventh-player"
	// SupercatNormal and SupercatHard are the SUPERCAT bots of solo Arcs games
	// (supercat-solo-arcs-bot.txt, "Difficulty modifiers"); a table's second and third bot
	// of a difficulty are the kinds "supercat-hard-2" and "supercat-hard-3".
	SupercatNormal = "supercat-normal"
	SupercatHard   = "supercat-hard"
)

// SeventhPlayerName is the Seventh Player's name wherever people read it.
const SeventhPlayerName = "Seventh Player (missing man)"

// memberNames are the names people read for the ladder members, by kind; each says what
// the member is.
var memberNames = map[string]string{
	SeventhPlayer:         SeventhPlayerName,
	SupercatNormal:        "SUPERCAT (normal) bot",
	SupercatHard:          "SUPERCAT (hard) bot",
	SupercatNormal + "-2": "SUPERCAT (normal) bot 2",
	SupercatNormal + "-3": "SUPERCAT (normal) bot 3",
	SupercatHard + "-2":   "SUPERCAT (hard) bot 2",
	SupercatHard + "-3":   "SUPERCAT (hard) bot 3",
}

// MemberKindName returns the name of the ladder members of kind ("Seventh Player (missing
// man)"); ok is false for a kind that does not exist.
func MemberKindName(kind string) (name string, ok bool) {
	name, ok = memberNames[kind]
	return name, ok
}

// MemberKind returns the kind of a ladder member's username ("seventh-player",
// "supercat-normal"), or "" for a person.
func MemberKind(username string) string {
	kind, _, ok := strings.Cut(username, ":")
	if !ok {
		return ""
	}
	return kind
}

// MemberName returns the name people read for username when it is a ladder member ("Seventh
// Player (missing man)", "SUPERCAT (normal) bot"), never its raw id; "" for a person.
func MemberName(username string) string {
	return memberNames[MemberKind(username)]
}

package notify

import (
	"cmp"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// pageURL is the address of the page a notice is about: its game, or its league.
func (w *Worker) pageURL(no store.Notice) string {
	switch {
	case no.SeasonID != 0:
		return w.baseURL + "/seasons/" + strconv.FormatInt(no.SeasonID, 10)
	case no.GameID != 0 && no.Kind != store.NoticeScheduleDrawn && no.Kind != store.NoticeLeagueFinished:
		return w.baseURL + "/games/" + strconv.FormatInt(no.GameID, 10)
	case no.LeagueID != 0:
		return w.baseURL + "/leagues/" + strconv.FormatInt(no.LeagueID, 10)
	}
	return w.baseURL + "/"
}

// words is a notice's subject and plain text, as people read them: league points as
// mixed numbers, dates in the league's time zone.
func (w *Worker) words(no store.Notice) (subject, text string) {
	gameName := no.Game
	if g, err := scoring.GameBySlug(no.Game); err == nil {
		gameName = g.Name
	}
	where := gameName + " game"
	if no.LeagueName != "" {
		where = fmt.Sprintf("game %d of %s", no.GameNumber, no.LeagueName)
	}
	var b strings.Builder
	switch no.Kind {
	case store.NoticeScheduleDrawn:
		subject = no.LeagueName + ": the schedule is drawn"
		fmt.Fprintf(&b, "%s is full and its schedule is drawn: %d %s of %s.\n", no.LeagueName, no.Games,
			scoring.Plural(no.Games, "game", "games"), gameName)
	case store.NoticeResultRecorded, store.NoticeResultCorrected:
		verb := "recorded"
		if no.Kind == store.NoticeResultCorrected {
			verb = "corrected"
		}
		subject = fmt.Sprintf("Result %s: %s", verb, where)
		fmt.Fprintf(&b, "The result of %s (%s) was %s.\n", where, gameName, verb)
		if no.Reason != "" {
			fmt.Fprintf(&b, "Reason: %s\n", no.Reason)
		}
		b.WriteString("\n")
		writeNoticeResults(&b, no.Results)
	case store.NoticeResultProposed, store.NoticeResultDisputed:
		proposer := cmp.Or(no.ProposerName, no.Proposer)
		if no.Kind == store.NoticeResultProposed {
			if no.Revision > 1 {
				subject = fmt.Sprintf("Changed result to confirm: %s", where)
				fmt.Fprintf(&b, "%s changed the result they proposed for %s (%s). Confirm it or dispute it on the game's page or your desk.\n",
					proposer, where, gameName)
			} else {
				subject = fmt.Sprintf("Confirm the result: %s", where)
				fmt.Fprintf(&b, "%s proposed the result of %s (%s). Confirm it or dispute it on the game's page or your desk.\n",
					proposer, where, gameName)
			}
			if no.ClosesAt != nil {
				fmt.Fprintf(&b, "You have until %s to confirm or dispute it; then the window closes.\n", inZone(*no.ClosesAt, no.TimeZone))
			}
		} else {
			subject = fmt.Sprintf("Result disputed: %s", where)
			fmt.Fprintf(&b, "%s disputed the result %s proposed for %s (%s): the organiser decides.\nReason: %s\n",
				cmp.Or(no.DisputedByName, no.DisputedBy), proposer, where, gameName, no.Reason)
		}
		b.WriteString("\n")
		writeNoticeResults(&b, no.Results)
		if no.ConfirmToken != "" {
			fmt.Fprintf(&b, "\nIs it right? Confirm it in one tap: %s/confirm/%s\n", w.baseURL, no.ConfirmToken)
		}
	case store.NoticeGameSoon:
		subject = fmt.Sprintf("Reminder: %s", where)
		fmt.Fprintf(&b, "Your %s is soon", where)
		if no.StartsAt != nil {
			fmt.Fprintf(&b, ": %s", inZone(*no.StartsAt, no.TimeZone))
		}
		if no.Place != "" {
			// The sentence ends after the place: its own full stop is not doubled.
			fmt.Fprintf(&b, ", at %s", strings.TrimRight(no.Place, "."))
		}
		b.WriteString(".\n")
		if no.AttendanceToken != "" {
			fmt.Fprintf(&b, "\nComing? Answer in one tap: %s/attend/%s\n", w.baseURL, no.AttendanceToken)
		}
	case store.NoticeLeagueFinished:
		if no.ClosedEarly {
			subject = no.LeagueName + " was closed early"
			fmt.Fprintf(&b, "The organiser closed %s early; its standings are final as they stand.\n", no.LeagueName)
		} else {
			subject = no.LeagueName + " is finished"
			fmt.Fprintf(&b, "Every game of %s is recorded; its standings are final.\n", no.LeagueName)
		}
	case store.NoticeSeasonOpen:
		subject = no.SeasonName + ": sign-up is open"
		fmt.Fprintf(&b, "%s (%s) is open for sign-up, and you are signed up as a player of the last season. "+
			"Withdraw on its page if you will not play.\n", no.SeasonName, gameName)
	case store.NoticeSeasonStarted:
		subject = fmt.Sprintf("%s has started: you play in division %d", no.SeasonName, no.Division)
		fmt.Fprintf(&b, "%s has started. You play in division %d (%s).\n", no.SeasonName, no.Division, no.LeagueName)
		if len(no.FirstGames) > 0 {
			nums := make([]string, len(no.FirstGames))
			for i, g := range no.FirstGames {
				nums[i] = strconv.Itoa(g)
			}
			fmt.Fprintf(&b, "Your first %s %s.\n", scoring.Plural(len(nums), "game is number", "games are numbers"),
				strings.Join(nums, ", "))
		}
	case store.NoticeSeasonFinished:
		subject = no.SeasonName + " is finished: " + movementWords(no.Division, no.ToDivision)
		fmt.Fprintf(&b, "%s is finished. You played in division %d and %s.\n", no.SeasonName, no.Division,
			movementWords(no.Division, no.ToDivision))
	default:
		subject = "TableStakes: " + no.Kind
	}
	fmt.Fprintf(&b, "\n%s\n", w.pageURL(no))
	return subject, b.String()
}

// movementWords says a season's movement from one division to another, 1 on top.
func movementWords(from, to int) string {
	switch {
	case to < from:
		return fmt.Sprintf("go up to division %d", to)
	case to > from:
		return fmt.Sprintf("go down to division %d", to)
	}
	return fmt.Sprintf("stay in division %d", from)
}

// writeNoticeResults writes a notice's result lines: place, player and league points.
func writeNoticeResults(b *strings.Builder, results []store.NoticeResult) {
	for _, r := range results {
		pts, ok := new(big.Rat).SetString(r.Points)
		shown := r.Points
		if ok {
			shown = scoring.Mixed(pts)
		}
		fmt.Fprintf(b, "%s  %s  %s %s\n", scoring.Ordinal(r.Place), cmp.Or(r.DisplayName, r.Username), shown, scoring.PointsWord(pts))
	}
}

// inZone writes t in the named time zone, as "Tue 24 Nov 2026, 19:00 (Europe/Amsterdam)".
func inZone(t time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		loc, zone = time.UTC, "UTC"
	}
	return t.In(loc).Format("Mon 2 Jan 2006, 15:04") + " (" + zone + ")"
}

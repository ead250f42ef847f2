package league

import "time"

// Attends refuses an attendance answer ("I'll be there" or "I can't come") for a game by
// anyone not seated at it (ErrNotSeated) and once its result is recorded (ErrRecorded): only
// the seated players answer, and only for a game still to be played.
func Attends(seated, recorded bool) error {
	if !seated {
		return ErrNotSeated
	}
	if recorded {
		return ErrRecorded
	}
	return nil
}

// AttendanceLinkGrace is how long after a game's date its one-tap attendance links still
// answer: long enough for "running late" on the evening itself, not for changing an answer
// days later.
const AttendanceLinkGrace = 24 * time.Hour

// AttendanceLinkEnd says why a reminder's one-tap attendance link no longer answers, or ""
// while it does (trust review 4, finding 6). A link is for one seat: once its player no
// longer sits at the game (replaced, withdrawn) it answers nothing and names nothing. It
// ends when the game is recorded, or AttendanceLinkGrace after the game's date (startsAt;
// a game without a date ends with its result only). The reason is what the late visitor
// reads.
func AttendanceLinkEnd(seated, recorded bool, startsAt *time.Time, now time.Time) string {
	switch {
	case !seated:
		return "This link was for a seat that is no longer yours, so it answers nothing now."
	case recorded:
		return "This link has ended: the game has been played and its result recorded."
	case startsAt != nil && now.After(startsAt.Add(AttendanceLinkGrace)):
		return "This link has ended: the game's date was more than a day ago. Ask the organiser if plans have changed."
	}
	return ""
}

// ReminderWindow is how long before a game its players are reminded of it ("your game is
// soon", with its one-tap attendance links).
const ReminderWindow = 24 * time.Hour

// ReminderSpan is when the games a reminder is due for at now start: after now (a game
// already begun is not reminded of) and no later than ReminderWindow from now, a game
// starting exactly then included.
func ReminderSpan(now time.Time) (after, through time.Time) {
	return now, now.Add(ReminderWindow)
}

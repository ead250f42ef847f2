package league

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

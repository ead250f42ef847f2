package league

// The statuses a league moves through: open until its N-th member joins (Format.Players), then running, then
// finished when every game has a result. The organiser may end it otherwise: cancel an open
// league, close a running one early, archive one that is over (End), and take a cancel or
// an early close back within ReopenWindow (Reopen).
const (
	// Open is a league still gathering its members.
	Open = "open"
	// Running is a full league whose games are scheduled.
	Running = "running"
	// Finished is a league whose games are all played.
	Finished = "finished"
	// Cancelled is an open league its organiser called off before it filled.
	Cancelled = "cancelled"
	// Closed is a running league its organiser ended early: its standings are frozen.
	Closed = "closed"
	// Archived is a finished or closed league put away: still readable, no longer listed.
	Archived = "archived"
)

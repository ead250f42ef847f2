package templates

// RatingsIndexView is the /ratings page: every game with its ladder's size.
type RatingsIndexView struct {
	Games []LadderLink
}

// LadderLink is one game on the ratings index.
type LadderLink struct {
	Slug    string
	Name    string
	Players int
	Results int64
}

// LadderView is one game's ladder: /ratings/{game}.
type LadderView struct {
	Slug             string
	Name             string
	ProvisionalGames int
	Rows             []LadderRow
}

// LadderRow is one member's rating.
type LadderRow struct {
	Rank        int
	Username    string
	DisplayName string
	Rating      string
	Games       int
	Provisional bool
	IsViewer    bool
}

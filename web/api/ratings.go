package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/store"
)

// apiRating is one member's line on a game's ladder (CONTRACT section 4): the rating as an
// exact JSON number of points (from integer millionths) and the rated games.
type apiRating struct {
	Username    string        `json:"username"`
	Rating      rating.Micros `json:"rating"`
	Games       int           `json:"games"`
	Provisional bool          `json:"provisional"`
}

// apiRatings lists a game's ladder: GET /api/v1/ratings/{game} → [{"username","rating",
// "games"}], highest rating first.
func (h *Handler) apiRatings(c echo.Context) error {
	_, rs, err := h.Ladder(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiRatingsOf(rs))
}

// apiRatingsOf is a ladder's ratings as the API shows them, in the ladder's order.
func apiRatingsOf(rs []store.Rating) []apiRating {
	out := make([]apiRating, len(rs))
	for i, r := range rs {
		out[i] = apiRating{Username: r.Username, Rating: r.Rating, Games: r.Games, Provisional: r.Provisional()}
	}
	return out
}

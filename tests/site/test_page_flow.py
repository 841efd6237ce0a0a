"""The web page's flow keeps every step the booklet's flow can take: a step added to `Flow` later
(as @box was) must be given its meaning on a page too, or its content would vanish from the site."""

from pnp.reference.flow import Flow
from pnp.site.page import WebFlow


def test_the_web_flow_has_its_own_version_of_every_step_of_the_booklet_flow() -> None:
    steps = {name for name, value in vars(Flow).items() if hasattr(value, "__wrapped__")}
    assert {"heading", "paragraph", "grid", "fit_figure", "box_open", "box_close"} <= steps
    assert steps <= set(vars(WebFlow)), steps - set(vars(WebFlow))

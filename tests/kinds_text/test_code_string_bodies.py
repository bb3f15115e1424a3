"""A multi-line quoted string assigned to a name holds data or text, not code (issue 10).

Real excerpts:
- r-cran-zoo's demo/zoo-overplot.R (GPL-2): a CSV embedded in an R string (its first 30 rows
  and its last), then six lines of R.
- puppet-agent's lib/puppet/reference/function.rb (Apache-2.0): a Ruby file whose help text is a
  multi-line double-quoted string.
Both read as text before (the string's lines outweighed the code). Look-alikes keep their kind:
prose that quotes a line ending in an open quote, a config file with a short multi-line value, and
a string whose quote never comes again.
"""

from __future__ import annotations

import toolstub
from toolstub.plugins import code_summarizer as cs

ROWS = """\
01/08/81,-0.02,0
01/09/81,0.08,0
01/10/81,-0.09,0
01/11/81,0.05,0
01/12/81,0.11,0
01/01/82,0.05,0
01/02/82,-0.04,0
01/03/82,0.07,0
01/04/82,0.07,0
01/05/82,0,0
01/06/82,0.06,0
01/07/82,-0.02,0
01/08/82,0.07,0
01/09/82,-0.11,0
01/10/82,0.04,0
01/11/82,-0.36,0
01/12/82,-0.01,0
01/01/83,-0.21,0
01/02/83,-0.16,1
01/03/83,0.19,1
01/04/83,-0.06,1
01/05/83,0.06,1
01/06/83,0.13,1
01/07/83,-0.01,1
01/08/83,0,1
01/09/83,-0.01,1
01/10/83,0.06,1
01/11/83,0.09,1
01/12/83,0.04,1
01/01/84,0.02,1
"""

ZOO_DEMO = (
    "\n# From:\n# http://www.nabble.com/Re%3A-mark-areas-on-time-series-plot-p23112841.html\n\n"
    "Lines <- '\"Time\",\"IEMP (rand/US$) Index\",\"Distress\"\n" + ROWS + "01/02/08,0.08,0'\n\n"
    "library(zoo)\n"
    'z <- read.zoo(text = Lines, format = "%d/%m/%y", sep = ",",\n'
    'header = TRUE, col.names = c("", "IEMP", "Distress"))\n\n'
    'plot(cbind(z$IEMP, ifelse(z$Distress, z, NA)), col = 1:2, screen = 1, ylab = "IEMP")\n'
    'legend("bottomright", c("Normal", "Distress"), lty = 1, col = 1:2)\n'
)

PUPPET_REFERENCE = '''function = Puppet::Util::Reference.newreference :function, :doc => "All functions available in the parser" do
  Puppet::Parser::Functions.functiondocs
end
function.header = "
There are two types of functions in Puppet: Statements and rvalues.
Statements stand on their own and do not return arguments; they are used for
performing stand-alone work like importing.  Rvalues return values and can
only be used in a statement requiring a value, such as an assignment or a case
statement.

Functions execute on the Puppet master.  They do not execute on the Puppet agent.
Hence they only have access to the commands and data available on the Puppet master
host.

Here are the functions available in Puppet:

"
'''


def test_an_r_demo_whose_data_is_one_string_is_r_code():
    synopsis = toolstub.synopsize(ZOO_DEMO)
    assert synopsis.kind == "code"
    assert "R" in synopsis.title


def test_a_ruby_file_whose_help_is_one_string_is_code():
    assert toolstub.synopsize(PUPPET_REFERENCE).kind == "code"


def test_the_string_body_is_neutral_up_to_the_closing_quote():
    sample = ZOO_DEMO.split("\n")
    bodies = cs._string_bodies(sample)
    opener = next(i for i, line in enumerate(sample) if line.startswith("Lines <- '"))
    closer = next(i for i, line in enumerate(sample) if line.endswith("0'"))
    assert bodies == [(opener + 1, closer)]


def test_a_short_or_unclosed_string_is_none():
    assert cs._string_bodies(['x = "a', "b", 'c"', "y = 1"]) == []  # body shorter than five lines
    assert cs._string_bodies(["msg = 'it", *["line"] * 10]) == []  # the quote never comes again


PROSE = """Notes from the meeting

The wiki page says the setting should read: answer = 'yes
but nobody agreed on that, and the discussion went on for a while.
We talked about the release dates, the budget and the new office.
Maria will send the minutes, and Tom will book the room for next week.
Everyone should read the proposal before then; it is on the share.
The next meeting is on Thursday at ten. Bring your own coffee,
the machine is broken again. It's been broken since March.
"""

CONFIG = """[Unit]
Description=Example service
After=network.target

[Service]
Type=simple
ExecStart=/usr/bin/example --config /etc/example.conf
Restart=on-failure
Environment="PATH=/usr/local/bin:/usr/bin"

[Install]
WantedBy=multi-user.target
"""


def test_look_alikes_keep_their_kind():
    assert toolstub.synopsize(PROSE).kind == "text"
    assert toolstub.synopsize(CONFIG).kind != "code"

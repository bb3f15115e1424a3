"""Issue 10, code classes found by probe_pycode (docs/probes/probe_pycode.py): registry packages no corpus names.

Each input is a short excerpt of a real file that `default` read wrongly before, with its licence:

- A Perl module under a `#=====` banner box (Template Toolkit 3.101's Template/Plugin/Pod.pm, as
  packaged by Debian's libtemplate-perl; "the same terms as Perl itself"): the banner's first line
  opened a Julia `#= ... =#` block comment that no `=#` ever closed, so every line of the module was
  a comment and it read as text (40 of libtemplate-perl's 41 modules). A `#=` opener is a block only
  when a later line holds its `=#`; a real Julia block comment stays one (its prose is not counted),
  and a configuration file boxed by `#=====` rules stays text.
"""

import pytest

import toolstub

PERL_BANNER_MODULE = r"""#==============================================================================
# 
# Template::Plugin::Pod
#
# DESCRIPTION
#  Pod parser and object model.
#
# AUTHOR
#   Andy Wardley   <abw@wardley.org>
#
# COPYRIGHT
#   Copyright (C) 2000-2007 Andy Wardley.  All Rights Reserved.
#
#   This module is free software; you can redistribute it and/or
#   modify it under the same terms as Perl itself.
#
#============================================================================

package Template::Plugin::Pod;

use strict;
use warnings;
use base 'Template::Plugin';
use Pod::POM;


our $VERSION = 2.69;

#------------------------------------------------------------------------
# new($context, \%config)
#------------------------------------------------------------------------

sub new {
    my $class = shift;
    my $context = shift;

    Pod::POM->new(@_);
}


1;

__END__

=head1 NAME

Template::Plugin::Pod - Plugin interface to Pod::POM (Pod Object Model)
"""

#: a Julia module whose block comment is prose: the block stays neutral, the module Julia
JULIA_BLOCK_COMMENT = """#=
This module computes running statistics over a stream of samples.
It keeps the count, the mean and the sum of squared differences,
so that the variance can be read at any time without a second pass.
See Welford (1962) for the method, and Knuth, volume 2, for its analysis.
The samples may arrive in any order; nothing is stored but the totals.
=#
module Running

export Stats, push!, variance

mutable struct Stats
    n::Int
    mean::Float64
    m2::Float64
end

Stats() = Stats(0, 0.0, 0.0)

function push!(s::Stats, x::Real)
    s.n += 1
    d = x - s.mean
    s.mean += d / s.n
    s.m2 += d * (x - s.mean)
    return s
end

variance(s::Stats) = s.n < 2 ? NaN : s.m2 / (s.n - 1)

end # module
"""

#: a configuration file boxed by `#=====` rules: settings, text
CONFIG_WITH_BANNERS = """#==============================================================================
# Global settings
#==============================================================================
user = www-data
worker_processes = 4
pid_file = /run/app.pid

#==============================================================================
# Logging
#==============================================================================
log_level = info
log_file = /var/log/app/app.log
rotate = daily
"""


def test_perl_module_under_banner_box_is_perl(code_in) -> None:
    code_in(PERL_BANNER_MODULE, "Perl")


def test_julia_block_comment_stays_julia(code_in) -> None:
    code_in(JULIA_BLOCK_COMMENT, "Julia")


def test_config_with_banner_rules_stays_text() -> None:
    assert toolstub.synopsize(CONFIG_WITH_BANNERS).kind == "text"

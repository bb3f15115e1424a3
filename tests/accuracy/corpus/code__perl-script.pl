#!/usr/bin/perl
use strict;
use warnings;

my %count;
while (my $line = <STDIN>) {
    chomp $line;
    $count{$_}++ for split /\s+/, $line;
}
printf "%-20s %d\n", $_, $count{$_} for sort keys %count;

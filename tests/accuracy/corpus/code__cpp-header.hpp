#pragma once

#include <memory>
#include <string>
#include <vector>

namespace geo {

struct Point {
    double x;
    double y;
};

class Polygon {
public:
    explicit Polygon(std::vector<Point> pts) : pts_(std::move(pts)) {}
    double area() const;
    std::size_t size() const { return pts_.size(); }

private:
    std::vector<Point> pts_;
};

}  // namespace geo

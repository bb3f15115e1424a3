package example

import scala.concurrent.Future
import scala.concurrent.ExecutionContext.Implicits.global

case class User(id: Long, name: String)

object UserService {
  def find(id: Long): Future[Option[User]] = Future {
    if (id > 0) Some(User(id, "alice")) else None
  }
}
